import { ErrorCode } from '@canopy/shared/errors'
import { readFirmwareHeader } from '@canopy/shared/protocol'
import {
  FIRMWARE_FILENAME_MAX,
  firmwareModel,
  firmwareVersion,
  hasFirmwareExtension,
} from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import { violatedUniqueConstraint } from '../../db/errors'
import { AppError } from '../../http/app-error'
import { parseInput } from '../../http/validate'
import { pageWindow } from '../../lib/paging'
import type { Principal } from '../auth/principal'
import {
  FIRMWARE_CHUNK_BYTES,
  type FirmwarePackageRow,
  firmwareRepository,
  violatedForeignKey,
} from './firmware.repository'
import type { FirmwareImageCache } from './firmware-image-cache'
import type { ReceivedImage } from './firmware-upload'
import { type DownloadUrlSigner, MAX_DOWNLOAD_URL_SECONDS } from './firmware-url-signing'

/** A firmware package as other modules use it (contract of issue 13). */
export interface FirmwarePackage {
  id: number
  /** null: published by an operator for every tenant */
  tenantId: number | null
  model: string
  version: string
  size: number
  sha256: string
  filename: string
  createdAt: Date
  createdBy: number | null
}

const DOWNLOADABLE_MS = 10_000
const DOWNLOADABLE_MAX = 1000

/** A package as the console lists it. */
export interface FirmwarePackageView {
  id: number
  model: string
  version: string
  size: number
  sha256: string
  filename: string
  public: boolean
  created_at: string
  created_by: number | null
  in_use: boolean
}

/** Who uploads: a tenant's account, or the platform operator publishing for every tenant. */
export type Publisher = { kind: 'account'; principal: Principal } | { kind: 'operator' }

export interface FirmwareServiceDeps {
  db: Database
  /** whether the product catalogue has this model */
  knownModel(model: string): Promise<boolean>
  /** whether the caller sees every project of its tenant (the primary account, or a child granted the root) */
  seesWholeTenant(principal: Principal): Promise<boolean>
  signer: DownloadUrlSigner
  cache: FirmwareImageCache
  /** scheme://host/api-root devices reach the server at */
  deviceBaseUrl(): string
  /** which of these packages an upgrade order uses (the upgrades module knows); none when not wired */
  packagesInUse?(ids: number[]): Promise<ReadonlySet<number>>
}

/**
 * Firmware packages: upload (type check, model and version from the image header or the form,
 * duplicates refused, stored whole or not at all), listing, deletion while unused, and the
 * signed links devices download images with. A tenant sees its own packages and the public ones;
 * uploading and deleting change the whole tenant's list, so they need the whole tenant in scope.
 */
export class FirmwareService {
  private readonly downloadable = new Map<number, { pkg: FirmwarePackage; until: number }>()

  constructor(private readonly deps: FirmwareServiceDeps) {}

  private get repository() {
    return firmwareRepository(this.deps.db)
  }

  /** The tenant's own and the public packages of a model, newest first. */
  async usableFor(tenantId: number, model: string): Promise<FirmwarePackage[]> {
    return (await this.repository.usable(tenantId, model)).map(toPackage)
  }

  /** The package, or undefined when it does not exist or the tenant may not see it. */
  async get(tenantId: number, packageId: number): Promise<FirmwarePackage | undefined> {
    const row = await this.repository.findVisible(tenantId, packageId)
    return row && toPackage(row)
  }

  /** An absolute link a device fetches the image with: signed for that device, for at most an hour. */
  downloadUrl(packageId: number, thing: string, ttlSeconds = MAX_DOWNLOAD_URL_SECONDS): string {
    const { exp, sig } = this.deps.signer.sign(packageId, thing, ttlSeconds)
    const query = new URLSearchParams({ thing, exp: String(exp), sig })
    return `${this.deps.deviceBaseUrl()}/device/firmware/${packageId}?${query}`
  }

  async list(
    principal: Principal | undefined,
    request: { pageIndex: number; pageOffset: number; model?: string | undefined },
  ): Promise<{ total: number; list: FirmwarePackageView[] }> {
    const { total, rows } = await this.repository.page(principal?.account.tenantId ?? null, {
      model: request.model,
      ...pageWindow(request),
    })
    return { total, list: await this.views(rows) }
  }

  async usable(principal: Principal, model: string): Promise<{ list: FirmwarePackageView[] }> {
    return { list: await this.views(await this.repository.usable(principal.account.tenantId, model)) }
  }

  /**
   * Stores an uploaded image as a package, or refuses it and stores nothing: a Canopy image names
   * its model and version in its header (the form may repeat them, not contradict them); another
   * file needs a firmware extension and both fields.
   */
  async upload(
    publisher: Publisher,
    image: ReceivedImage,
    fields: { model?: string | undefined; version?: string | undefined },
  ): Promise<{ id: number; model: string; version: string; size: number; sha256: string }> {
    const tenantId = await this.managedScope(publisher)
    const header = readFirmwareHeader(image.head)
    if (!header && !(hasFirmwareExtension(image.filename) && fields.model && fields.version)) {
      throw new AppError(ErrorCode.UNSUPPORTED_FILE_TYPE)
    }
    if (image.size === 0) throw new AppError(ErrorCode.UNSUPPORTED_FILE_TYPE)
    if (
      header &&
      ((fields.model && fields.model !== header.model) ||
        (fields.version && fields.version !== header.version))
    ) {
      throw new AppError(ErrorCode.INVALID_PARAMETER, {
        violations: [
          {
            field: fields.model !== header.model ? 'model' : 'version',
            rule: 'validation.firmware_header_mismatch',
          },
        ],
      })
    }
    // A header's texts are the file's: held to the same rules as the form's.
    const model = parseInput(firmwareModel, header?.model ?? fields.model)
    const version = parseInput(firmwareVersion, header?.version ?? fields.version)
    if (!(await this.deps.knownModel(model))) throw new AppError(ErrorCode.PRODUCT_NOT_FOUND)
    if (await this.repository.findClash(tenantId, { model, version, sha256: image.sha256 })) {
      throw new AppError(ErrorCode.FILE_EXISTS)
    }
    const createdBy = publisher.kind === 'account' ? publisher.principal.account.id : null
    try {
      const row = await this.deps.db.transaction(async (tx) => {
        const repository = firmwareRepository(tx)
        const inserted = await repository.insert({
          tenantId,
          model,
          version,
          size: image.size,
          sha256: image.sha256,
          filename: storedFilename(image.filename),
          createdBy,
        })
        for (const [seq, data] of image.chunks.entries()) await repository.insertChunk(inserted.id, seq, data)
        return inserted
      })
      return { id: row.id, model, version, size: row.size, sha256: row.sha256 }
    } catch (error) {
      // Two uploads of one image at once: the second meets the unique index.
      if (violatedUniqueConstraint(error)?.startsWith('firmware_packages_'))
        throw new AppError(ErrorCode.FILE_EXISTS)
      throw error
    }
  }

  /** Deletes a package of the publisher's own scope; refused while an upgrade order uses it. */
  async delete(publisher: Publisher, id: number): Promise<void> {
    const tenantId = await this.managedScope(publisher)
    let deleted: boolean
    try {
      deleted = await this.repository.delete(tenantId, id)
    } catch (error) {
      // upgrade_orders.package_id references the package ON DELETE RESTRICT.
      if (violatedForeignKey(error)) throw new AppError(ErrorCode.PACKAGE_IN_USE)
      throw error
    }
    // Another tenant's package, a public one for a tenant, or none: the same answer.
    if (!deleted)
      throw new AppError(publisher.kind === 'operator' ? ErrorCode.FILE_NOT_FOUND : ErrorCode.NO_PERMISSION)
    this.deps.cache.forget(id)
    this.downloadable.delete(id)
  }

  /**
   * The package a device's signed link names (the route checked the signature). Remembered for
   * a few seconds, so a fleet fetching one image costs no query each: a package deleted on
   * another instance is still served for at most DOWNLOADABLE_MS (its orders were finished).
   */
  async forDownload(packageId: number): Promise<FirmwarePackage | undefined> {
    const known = this.downloadable.get(packageId)
    if (known && known.until > Date.now()) return known.pkg
    const row = await this.repository.findById(packageId)
    if (!row) return undefined
    if (this.downloadable.size >= DOWNLOADABLE_MAX) this.downloadable.clear()
    const pkg = toPackage(row)
    this.downloadable.set(packageId, { pkg, until: Date.now() + DOWNLOADABLE_MS })
    return pkg
  }

  /** The image's bytes from `start` to `end` inclusive, chunk by chunk, through the cache. */
  async *read(pkg: FirmwarePackage, start: number, end: number): AsyncGenerator<Buffer> {
    for (
      let seq = Math.floor(start / FIRMWARE_CHUNK_BYTES);
      seq <= Math.floor(end / FIRMWARE_CHUNK_BYTES);
      seq++
    ) {
      const data = await this.deps.cache.chunk(pkg.id, seq, async () => {
        const [chunk] = await this.repository.chunks(pkg.id, seq, seq)
        if (!chunk) throw new Error(`firmware package ${pkg.id} has no chunk ${seq}`)
        return chunk.data
      })
      const offset = seq * FIRMWARE_CHUNK_BYTES
      yield data.subarray(Math.max(0, start - offset), Math.min(data.length, end - offset + 1))
    }
  }

  /** The scope a publisher's upload or delete changes: its tenant, or the public one for the operator. */
  private async managedScope(publisher: Publisher): Promise<number | null> {
    if (publisher.kind === 'operator') return null
    // A child scoped to some projects shares the list with admins of the others: not theirs to change.
    if (!(await this.deps.seesWholeTenant(publisher.principal))) throw new AppError(ErrorCode.NO_PERMISSION)
    return publisher.principal.account.tenantId
  }

  private async views(rows: FirmwarePackageRow[]): Promise<FirmwarePackageView[]> {
    const used =
      rows.length > 0 && this.deps.packagesInUse
        ? await this.deps.packagesInUse(rows.map((row) => row.id))
        : new Set<number>()
    return rows.map((row) => ({
      id: row.id,
      model: row.model,
      version: row.version,
      size: row.size,
      sha256: row.sha256,
      filename: row.filename,
      public: row.tenantId === null,
      created_at: row.createdAt.toISOString(),
      created_by: row.createdBy,
      in_use: used.has(row.id),
    }))
  }
}

function toPackage(row: FirmwarePackageRow): FirmwarePackage {
  return {
    id: row.id,
    tenantId: row.tenantId,
    model: row.model,
    version: row.version,
    size: row.size,
    sha256: row.sha256,
    filename: row.filename,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
  }
}

/** The file's own name without any path a browser or client sent, bounded and storable. */
function storedFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  const clean = [...base]
    .filter((char) => char >= ' ' && char !== '\u007f')
    .join('')
    .slice(0, FIRMWARE_FILENAME_MAX)
  return clean === '' ? 'firmware.bin' : clean
}
