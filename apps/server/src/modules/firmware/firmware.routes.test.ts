import { createHash } from 'node:crypto'
import { ErrorCode } from '@canopy/shared/errors'
import {
  ADMINISTRATOR_LEVEL,
  DEVICE_FUNCTIONS,
  MENU_SECTIONS,
  OPERATOR_LEVEL,
} from '@canopy/shared/permissions'
import { buildFirmwareImage } from '@canopy/shared/protocol'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importSimulatedCatalogue, operatorCall } from '../../../test/devices'
import { login, rootProjectOf, signedInAccount, uniqueName } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import { firmwareChunks, firmwarePackages, upgradeOrders } from '../../db/schema'
import { sharedSecret } from '../../db/secrets'
import { OPERATOR_HEADER } from '../../http/authorize'
import type { FirmwarePackageView } from './firmware.service'
import { DownloadUrlSigner } from './firmware-url-signing'

/** The upload limit these tests run with: small, so "too large" is cheap to send. */
const LIMIT = 3 * 1024 * 1024
const MODEL = 'CAP-1200'
const THING = 'cnp-0211aabbccdd'

let app: TestApp
let owner: { token: string }
let other: { token: string }

beforeAll(async () => {
  app = await createTestApp({ env: { FIRMWARE_MAX_BYTES: String(LIMIT) } })
  await importSimulatedCatalogue(app)
  owner = await signedInAccount(app)
  other = await signedInAccount(app)
})
afterAll(async () => {
  await app.close()
})

/** A multipart/form-data body as a browser sends it: the fields, then the file. */
function form(file: { name: string; bytes: Uint8Array } | undefined, fields: Record<string, string> = {}) {
  const boundary = `----canopy${uniqueName('b')}`
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

async function upload(
  token: string,
  file: { name: string; bytes: Uint8Array } | undefined,
  fields: Record<string, string> = {},
) {
  const { payload, contentType } = form(file, fields)
  const response = await app.http.inject({
    method: 'POST',
    url: `${app.apiRoot}/backend/firmware/upload`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  })
  return { httpStatus: response.statusCode, envelope: response.json() }
}

const image = (version: string, size = 64 * 1024, model = MODEL) =>
  ({ name: `${model}-${version}.cnpy`, bytes: buildFirmwareImage({ model, version, size }) }) as const
const uniqueVersion = () => `9.${Date.now() % 100000}.${Math.floor(Math.random() * 1e6)}`
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

const list = async (token: string, body: Record<string, unknown> = {}) =>
  app.ok<{ total: number; list: FirmwarePackageView[] }>({
    method: 'POST',
    path: '/backend/firmware/list',
    token,
    body: { pageIndex: 1, pageOffset: 100, ...body },
  })
const packageCount = async () => (await app.database.db.select({ n: count() }).from(firmwarePackages))[0]!.n
const chunkCount = async (id: number) =>
  (
    await app.database.db.select({ n: count() }).from(firmwareChunks).where(eq(firmwareChunks.packageId, id))
  )[0]!.n

/** A child of the owner's tenant, with a role granting everything on `gid`. */
async function child(level: number, gid: number) {
  const as = <T>(path: string, body: unknown) => app.ok<T>({ method: 'POST', path, token: owner.token, body })
  const { id: roleId } = await as<{ id: number }>('/backend/role/add', {
    name: uniqueName('f').slice(0, 10),
    menus: [...MENU_SECTIONS],
    device_functions: [...DEVICE_FUNCTIONS],
    project_ids: [gid],
  })
  const account = { username: uniqueName('fc'), password: 'child123' }
  await as('/backend/user/child/add', {
    ...account,
    confirm_password: account.password,
    level,
    role_ids: [roleId],
  })
  return { token: (await login(app, account)).access_token }
}

describe('firmware upload', () => {
  it('stores a Canopy image with the model and version of its header, and its sha256', async () => {
    const version = uniqueVersion()
    const file = image(version, 2.5 * 1024 * 1024)
    const answer = await upload(owner.token, file)
    expect(answer.envelope).toMatchObject({
      status: 10000,
      data: { model: MODEL, version, size: file.bytes.length, sha256: sha256(file.bytes) },
    })
    const id = answer.envelope.data.id as number
    expect(await chunkCount(id)).toBe(3)
    const listed = (await list(owner.token, { model: MODEL })).list.find((item) => item.id === id)
    expect(listed).toMatchObject({ filename: file.name, public: false, in_use: false, version })
  })

  it('takes a file without a header as .bin, .img or .trx with the model and version from the form', async () => {
    const version = uniqueVersion()
    const bytes = Buffer.from(`raw firmware ${version}`)
    const answer = await upload(owner.token, { name: 'router.TRX', bytes }, { model: MODEL, version })
    expect(answer.envelope).toMatchObject({
      status: 10000,
      data: { model: MODEL, version, sha256: sha256(bytes) },
    })
  })

  it('refuses every other file as an unsupported type, and stores nothing', async () => {
    const before = await packageCount()
    const raw = Buffer.from(`not an image ${uniqueVersion()}`)
    const refusals = [
      await upload(
        owner.token,
        { name: 'notes.zip', bytes: raw },
        { model: MODEL, version: uniqueVersion() },
      ),
      await upload(owner.token, { name: 'image.bin', bytes: raw }, { model: MODEL }),
      await upload(owner.token, { name: 'image.bin', bytes: raw }, { version: uniqueVersion() }),
      await upload(
        owner.token,
        { name: 'empty.bin', bytes: new Uint8Array(0) },
        { model: MODEL, version: '1' },
      ),
    ]
    expect(refusals.map((answer) => answer.envelope.status)).toEqual(
      Array(4).fill(ErrorCode.UNSUPPORTED_FILE_TYPE),
    )
    expect(await packageCount()).toBe(before)
  })

  it('refuses the same image, or the same model and version, as "File already exists"', async () => {
    const version = uniqueVersion()
    const file = image(version)
    expect((await upload(owner.token, file)).envelope.status).toBe(10000)
    const before = await packageCount()
    expect((await upload(owner.token, file)).envelope.status).toBe(ErrorCode.FILE_EXISTS)
    const sameVersion = { name: 'x.bin', bytes: Buffer.from('other bytes entirely') }
    expect((await upload(owner.token, sameVersion, { model: MODEL, version })).envelope.status).toBe(
      ErrorCode.FILE_EXISTS,
    )
    expect(await packageCount()).toBe(before)
    // Another tenant has a list of its own.
    expect((await upload(other.token, file)).envelope.status).toBe(10000)
  })

  it('refuses an unknown model, a contradicted header, a bad version, a missing file and an oversized one', async () => {
    const before = await packageCount()
    expect((await upload(owner.token, image(uniqueVersion(), 1024, 'NOPE-1'))).envelope.status).toBe(
      ErrorCode.PRODUCT_NOT_FOUND,
    )
    expect((await upload(owner.token, image(uniqueVersion()), { version: '0.0.1' })).envelope.status).toBe(
      ErrorCode.INVALID_PARAMETER,
    )
    expect(
      (
        await upload(
          owner.token,
          { name: 'a.bin', bytes: Buffer.from('x') },
          { model: MODEL, version: '1 2' },
        )
      ).envelope.status,
    ).toBe(ErrorCode.INVALID_PARAMETER)
    expect((await upload(owner.token, undefined, { model: MODEL })).envelope.status).toBe(
      ErrorCode.MISSING_PARAMETERS,
    )
    const tooLarge = await upload(owner.token, image(uniqueVersion(), LIMIT + 1))
    expect(tooLarge.envelope).toMatchObject({
      status: ErrorCode.INVALID_PARAMETER,
      data: { violations: [{ field: 'file', rule: 'validation.firmware_too_large' }] },
    })
    const json = await app.call({
      method: 'POST',
      path: '/backend/firmware/upload',
      token: owner.token,
      body: { model: MODEL },
    })
    expect(json.envelope.status).toBe(ErrorCode.MISSING_PARAMETERS)
    expect(await packageCount()).toBe(before)
  })

  it('stores one of two uploads of the same image at once, and refuses the other', async () => {
    const file = image(uniqueVersion())
    const answers = await Promise.all([upload(owner.token, file), upload(owner.token, file)])
    expect(answers.map((answer) => answer.envelope.status).sort()).toEqual([10000, ErrorCode.FILE_EXISTS])
  })

  it('answers a broken or overfull form as malformed, never 500, and stores nothing', async () => {
    const before = await packageCount()
    const { payload, contentType } = form(image(uniqueVersion()))
    const send = (body: Buffer, type = contentType) =>
      app.http.inject({
        method: 'POST',
        url: `${app.apiRoot}/backend/firmware/upload`,
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': type },
        payload: body,
      })
    const cut = await send(payload.subarray(0, payload.length - 200))
    expect(cut.statusCode).toBe(400)
    const boundary = contentType.split('boundary=')[1]!
    const end = Buffer.from(`--${boundary}--\r\n`)
    const secondFile = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="b.bin"\r\n\r\nsecond\r\n`
    const twoFiles = Buffer.concat([
      payload.subarray(0, payload.length - end.length),
      Buffer.from(secondFile),
      end,
    ])
    expect((await send(twoFiles)).json().status).toBe(ErrorCode.MALFORMED_REQUEST)
    expect((await send(Buffer.from('garbage'), 'multipart/form-data; boundary=nothing')).statusCode).toBe(400)
    expect(await packageCount()).toBe(before)
  })

  it('is for admins of the whole tenant: not a level-1 child, not a child scoped to a project, not a stranger', async () => {
    const root = await rootProjectOf(app, owner.token)
    const { gid } = await app.ok<{ gid: number }>({
      method: 'POST',
      path: '/backend/workgroup/add',
      token: owner.token,
      body: { name: uniqueName('p').slice(0, 10), pid: root },
    })
    const operator = await child(OPERATOR_LEVEL, root)
    const scoped = await child(ADMINISTRATOR_LEVEL, gid)
    const admin = await child(ADMINISTRATOR_LEVEL, root)
    const before = await packageCount()
    expect((await upload(operator.token, image(uniqueVersion()))).envelope.status).toBe(
      ErrorCode.NO_PERMISSION,
    )
    expect((await upload(scoped.token, image(uniqueVersion()))).envelope.status).toBe(ErrorCode.NO_PERMISSION)
    expect((await upload('not-a-token', image(uniqueVersion()))).httpStatus).toBe(401)
    expect(await packageCount()).toBe(before)
    // The scoped administrator still sees the tenant's packages to upgrade its devices with.
    expect((await list(scoped.token)).total).toBe((await list(owner.token)).total)
    const listAsOperator = await app.call({
      method: 'POST',
      path: '/backend/firmware/list',
      token: operator.token,
      body: {},
    })
    expect(listAsOperator.envelope.status).toBe(ErrorCode.NO_PERMISSION)
    expect((await upload(admin.token, image(uniqueVersion()))).envelope.status).toBe(10000)
  })
})

describe('firmware list, usable and delete', () => {
  it('shows a tenant its own and the public packages only', async () => {
    const mine = (await upload(owner.token, image(uniqueVersion()))).envelope.data.id as number
    const theirs = (await upload(other.token, image(uniqueVersion()))).envelope.data.id as number
    const published = await publish(image(uniqueVersion(), 4096, 'CGW-500'))
    expect(published.envelope.status).toBe(10000)
    const publicId = published.envelope.data.id as number

    const ids = (await list(owner.token)).list.map((item) => item.id)
    expect(ids).toContain(mine)
    expect(ids).toContain(publicId)
    expect(ids).not.toContain(theirs)
    const usable = await app.ok<{ list: FirmwarePackageView[] }>({
      path: '/backend/firmware/usable',
      token: other.token,
      query: { model: 'CGW-500' },
    })
    expect(usable.list.map((item) => [item.id, item.public])).toContainEqual([publicId, true])
    // The service other modules use sees the same: not another tenant's, its own newest first.
    expect(await app.firmware.get(await tenantIdOf(theirs), mine)).toBeUndefined()
    expect((await app.firmware.get(await tenantIdOf(mine), mine))?.id).toBe(mine)
    expect((await app.firmware.get(await tenantIdOf(theirs), publicId))?.tenantId).toBeNull()
    expect((await app.firmware.usableFor(await tenantIdOf(mine), MODEL))[0]?.id).toBe(mine)
  })

  it('lets a tenant delete its own unused packages only', async () => {
    const mine = (await upload(owner.token, image(uniqueVersion()))).envelope.data.id as number
    const published = (await publish(image(uniqueVersion(), 4096, 'CGW-500'))).envelope.data.id as number
    const remove = (token: string, id: number) =>
      app.call({ method: 'POST', path: '/backend/firmware/delete', token, body: { id } })
    expect((await remove(other.token, mine)).envelope.status).toBe(ErrorCode.NO_PERMISSION)
    expect((await remove(owner.token, published)).envelope.status).toBe(ErrorCode.NO_PERMISSION)
    expect((await remove(owner.token, mine)).envelope.status).toBe(10000)
    expect(await chunkCount(mine)).toBe(0)
    expect((await list(owner.token)).list.map((item) => item.id)).not.toContain(mine)
    const { payload, contentType } = form(image(uniqueVersion(), 4096, 'CGW-500'))
    for (const token of [
      undefined,
      'wrong',
      app.operatorToken.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
    ]) {
      const unsigned = await app.http.inject({
        method: 'POST',
        url: `${app.apiRoot}/operator/firmware/publish`,
        headers: {
          'content-type': contentType,
          ...(token === undefined ? {} : { [OPERATOR_HEADER]: token }),
        },
        payload,
      })
      expect(unsigned.json().status).toBe(ErrorCode.NO_PERMISSION)
    }
    const operatorDelete = await operatorCall(app, 'POST', '/operator/firmware/delete', { id: published })
    expect(operatorDelete.envelope.status).toBe(10000)
  })

  it('refuses to delete a package an upgrade order uses', async () => {
    const uploaded = await upload(owner.token, image(uniqueVersion()))
    const id = uploaded.envelope.data.id as number
    const [pkg] = await app.database.db.select().from(firmwarePackages).where(eq(firmwarePackages.id, id))
    await app.database.db.insert(upgradeOrders).values({
      orderNo: uniqueName('o'),
      tenantId: pkg!.tenantId!,
      packageId: id,
      model: pkg!.model,
      targetVersion: pkg!.version,
      timing: 'immediate',
      startAt: new Date(),
      options: {},
      status: 'running',
      windowEnd: new Date(Date.now() + 3_600_000),
    })
    const refused = await app.call({
      method: 'POST',
      path: '/backend/firmware/delete',
      token: owner.token,
      body: { id },
    })
    expect(refused.envelope.status).toBe(ErrorCode.PACKAGE_IN_USE)
    expect((await list(owner.token)).list.find((item) => item.id === id)?.in_use).toBe(true)
    expect(await chunkCount(id)).toBeGreaterThan(0)
  })
})

describe('device download', () => {
  let pkg: { id: number; bytes: Uint8Array }
  beforeAll(async () => {
    const file = image(uniqueVersion(), 2.5 * 1024 * 1024)
    pkg = { id: (await upload(owner.token, file)).envelope.data.id as number, bytes: file.bytes }
  })

  const fetchUrl = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') => {
    const { pathname, search } = new URL(url)
    return app.http.inject({ method, url: `${pathname}${search}`, headers })
  }

  it('serves the image whole with its sha256 as ETag, and resumes with Range', async () => {
    const url = app.firmware.downloadUrl(pkg.id, THING)
    expect(url).toMatch(new RegExp(`/api/device/firmware/${pkg.id}\\?thing=${THING}&exp=\\d+&sig=`))
    const whole = await fetchUrl(url)
    expect(whole.statusCode).toBe(200)
    expect(whole.headers.etag).toBe(`"${sha256(pkg.bytes)}"`)
    expect(whole.headers['content-length']).toBe(String(pkg.bytes.length))
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(sha256(whole.rawPayload)).toBe(sha256(pkg.bytes))

    // A download broken at 1.5 MiB resumes across the chunk boundary to the end.
    const cut = 1.5 * 1024 * 1024
    const resumed = await fetchUrl(url, { range: `bytes=${cut}-`, 'if-range': whole.headers.etag as string })
    expect(resumed.statusCode).toBe(206)
    expect(resumed.headers['content-range']).toBe(`bytes ${cut}-${pkg.bytes.length - 1}/${pkg.bytes.length}`)
    expect(sha256(Buffer.concat([whole.rawPayload.subarray(0, cut), resumed.rawPayload]))).toBe(
      sha256(pkg.bytes),
    )

    const middle = await fetchUrl(url, { range: 'bytes=1048570-1048580' })
    expect(middle.statusCode).toBe(206)
    expect([...middle.rawPayload]).toEqual([...pkg.bytes.subarray(1048570, 1048581)])
    const suffix = await fetchUrl(url, { range: 'bytes=-10' })
    expect([...suffix.rawPayload]).toEqual([...pkg.bytes.subarray(pkg.bytes.length - 10)])

    const beyond = await fetchUrl(url, { range: `bytes=${pkg.bytes.length}-` })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe(`bytes */${pkg.bytes.length}`)
    // A partial copy of another image gets this one whole.
    expect((await fetchUrl(url, { range: 'bytes=10-', 'if-range': '"other"' })).statusCode).toBe(200)
    expect((await fetchUrl(url, { 'if-none-match': whole.headers.etag as string })).statusCode).toBe(304)
  })

  it("gives an operator a device's link to fetch the image as that device would", async () => {
    const link = await operatorCall<{ url: string }>(app, 'POST', '/operator/firmware/link', {
      id: pkg.id,
      thing: THING,
    })
    expect(link.envelope.status).toBe(10000)
    expect(sha256((await fetchUrl(link.envelope.data.url)).rawPayload)).toBe(sha256(pkg.bytes))
    const bad = await operatorCall(app, 'POST', '/operator/firmware/link', { id: pkg.id, thing: 'cnp-#' })
    expect(bad.envelope.status).toBe(ErrorCode.INVALID_PARAMETER)
  })

  it('answers HEAD with the size and no body', async () => {
    const head = await fetchUrl(app.firmware.downloadUrl(pkg.id, THING), {}, 'HEAD')
    expect(head.statusCode).toBe(200)
    expect(head.headers['content-length']).toBe(String(pkg.bytes.length))
    expect(head.rawPayload.length).toBe(0)
  })

  it('refuses a forged, expired, malformed or dead link, counts each, and never answers 500', async () => {
    const before = await refusalCounts()
    const url = new URL(app.firmware.downloadUrl(pkg.id, THING))
    const sig = url.searchParams.get('sig')!
    const variant = (change: (params: URLSearchParams) => void, path = url.pathname) => {
      const params = new URLSearchParams(url.searchParams)
      change(params)
      return `http://x${path}?${params}`
    }
    const forged = [
      variant((p) => p.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`)),
      variant((p) => p.set('thing', 'cnp-0211aabbccde')),
      variant((p) => p.set('exp', String(Number(p.get('exp')) + 60))),
      variant(() => {}, url.pathname.replace(`/${pkg.id}`, `/${pkg.id + 1}`)),
    ]
    for (const link of forged) {
      const answer = await fetchUrl(link)
      expect(answer.statusCode, link).toBe(400)
      expect(answer.json().status).toBe(ErrorCode.LINK_INVALID)
    }
    const key = await sharedSecret(app.database.db, 'firmware-download-key')
    const twoHoursAgo = new DownloadUrlSigner(key, () => Date.now() - 2 * 3_600_000).sign(pkg.id, THING, 3600)
    const expired = await fetchUrl(
      variant((p) => {
        p.set('exp', String(twoHoursAgo.exp))
        p.set('sig', twoHoursAgo.sig)
      }),
    )
    expect(expired.json().status).toBe(ErrorCode.LINK_EXPIRED)
    for (const link of [
      variant((p) => p.delete('sig')),
      variant((p) => p.set('thing', 'cnp-+/#')),
      variant((p) => p.set('exp', '-1')),
      variant(() => {}, url.pathname.replace(`/${pkg.id}`, '/99999999999')),
      variant(() => {}, url.pathname.replace(`/${pkg.id}`, '/abc')),
    ]) {
      const answer = await fetchUrl(link)
      expect(answer.statusCode, link).toBe(400)
      expect(answer.json().status).toBe(ErrorCode.INVALID_PARAMETER)
    }
    const after = await refusalCounts()
    expect(after.forged - before.forged).toBe(4)
    expect(after.expired - before.expired).toBe(1)
    expect(after.malformed - before.malformed).toBe(5)
  })

  it('stops serving a deleted package', async () => {
    const file = image(uniqueVersion())
    const id = (await upload(owner.token, file)).envelope.data.id as number
    const url = app.firmware.downloadUrl(id, THING)
    expect((await fetchUrl(url)).statusCode).toBe(200)
    await app.ok({ method: 'POST', path: '/backend/firmware/delete', token: owner.token, body: { id } })
    const gone = await fetchUrl(url)
    expect(gone.statusCode).toBe(404)
    expect(gone.json().status).toBe(ErrorCode.FILE_NOT_FOUND)
  })
})

async function publish(file: { name: string; bytes: Uint8Array }, fields: Record<string, string> = {}) {
  const { payload, contentType } = form(file, fields)
  const response = await app.http.inject({
    method: 'POST',
    url: `${app.apiRoot}/operator/firmware/publish`,
    headers: { [OPERATOR_HEADER]: app.operatorToken, 'content-type': contentType },
    payload,
  })
  return { envelope: response.json() }
}

async function refusalCounts(): Promise<Record<'forged' | 'expired' | 'malformed', number>> {
  const metrics = await operatorCall<{
    firmware: { refusals: Record<'forged' | 'expired' | 'malformed', number> }
  }>(app, 'GET', '/operator/metrics')
  return metrics.envelope.data.firmware.refusals
}

/** The tenant a package belongs to, as stored. */
async function tenantIdOf(packageId: number): Promise<number> {
  const [row] = await app.database.db
    .select({ tenantId: firmwarePackages.tenantId })
    .from(firmwarePackages)
    .where(eq(firmwarePackages.id, packageId))
  return row!.tenantId!
}
