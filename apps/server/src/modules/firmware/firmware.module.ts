import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config'
import type { Database } from '../../db/client'
import { sharedSecret } from '../../db/secrets'
import { ProjectScope } from '../access/project-scope'
import type { AuthService } from '../auth/auth.service'
import type { ProjectDirectory } from '../projects/project-directory'
import { FirmwareService } from './firmware.service'
import { registerFirmwareDownload } from './firmware-download.routes'
import { DownloadRefusals } from './firmware-download-refusals'
import { FirmwareImageCache } from './firmware-image-cache'
import { registerFirmwareUploads } from './firmware-upload.routes'
import { DownloadUrlSigner } from './firmware-url-signing'

/**
 * The firmware area's parts, built once for app.ts: the service other modules use, the
 * download-link signer on a secret every instance shares, the image cache and the refusal
 * counters, and the two raw routes (multipart uploads, device downloads) beside the JSON ones.
 */
export async function createFirmware(deps: {
  db: Database
  config: Config
  http: FastifyInstance
  knownModel(model: string): Promise<boolean>
  projects: ProjectDirectory
}) {
  const { config, http } = deps
  const signer = new DownloadUrlSigner(await sharedSecret(deps.db, 'firmware-download-key'))
  const cache = new FirmwareImageCache(config.firmware.cacheBytes)
  const refusals = new DownloadRefusals(http.log)
  let packagesInUse: ((ids: number[]) => Promise<ReadonlySet<number>>) | undefined
  const service = new FirmwareService({
    db: deps.db,
    knownModel: deps.knownModel,
    seesWholeTenant: async (principal) => {
      if (principal.access.projectRoots === 'all') return true
      const projects = await deps.projects.projectsOf(principal.account.tenantId)
      const scope = ProjectScope.of(projects, principal)
      return projects.every((project) => scope.has(project.id))
    },
    signer,
    cache,
    deviceBaseUrl: () => `${config.publicUrl ?? listeningOrigin(http, config.port)}${config.apiRoot}`,
    packagesInUse: (ids) => packagesInUse?.(ids) ?? Promise.resolve(new Set<number>()),
  })
  return {
    service,
    metrics: () => ({ cache: { ...cache.counters, ...cache.size }, refusals: { ...refusals.counts } }),
    /** The upgrades module tells which packages its orders use (it is built after this one). */
    usesPackages(lookup: (ids: number[]) => Promise<ReadonlySet<number>>): void {
      packagesInUse = lookup
    },
    async registerRawRoutes(options: { auth: AuthService; operatorToken: string }): Promise<void> {
      await registerFirmwareUploads(http, {
        apiRoot: config.apiRoot,
        auth: options.auth,
        operatorToken: options.operatorToken,
        firmware: service,
        maxImageBytes: config.firmware.maxImageBytes,
      })
      registerFirmwareDownload(http, { apiRoot: config.apiRoot, firmware: service, signer, refusals })
    },
  }
}

/** Where this process listens, for devices on this machine when PUBLIC_URL is not set. */
export function listeningOrigin(http: FastifyInstance, configuredPort: number): string {
  const address = http.server.address() as AddressInfo | string | null
  const port = address && typeof address === 'object' ? address.port : configuredPort
  const host =
    address && typeof address === 'object' && !['0.0.0.0', '::'].includes(address.address)
      ? address.address
      : '127.0.0.1'
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
}
