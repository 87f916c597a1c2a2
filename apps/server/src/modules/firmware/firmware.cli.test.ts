import { execFile } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { buildFirmwareImage } from '@canopy/shared/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importSimulatedCatalogue } from '../../../test/devices'
import { signedInAccount } from '../../../test/factories'
import { createTestApp, type TestApp } from '../../../test/test-app'
import type { FirmwarePackageView } from './firmware.service'

const run = promisify(execFile)
const CLI = path.join(import.meta.dirname, '../../cli.ts')

let app: TestApp
let server: string
let folder: string

beforeAll(async () => {
  app = await createTestApp()
  await importSimulatedCatalogue(app)
  server = await app.http.listen({ port: 0, host: '127.0.0.1' })
  folder = await mkdtemp(path.join(tmpdir(), 'canopy-firmware-cli-'))
})
afterAll(() => app.close())

/** `npm run canopy -- firmware …`, as an operator types it, against the test app. */
function canopy(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', CLI, ...args, '--server', server], {
    env: { PATH: process.env.PATH, OPERATOR_TOKEN: app.operatorToken },
  })
}

const version = () => `7.${Date.now() % 1_000_000}.${Math.floor(Math.random() * 1000)}`

describe('the operator CLI for firmware', { timeout: 60_000 }, () => {
  it('publishes an image for every tenant, lists it, and deletes it', async () => {
    const v = version()
    const file = path.join(folder, `cap-${v}.img`)
    await writeFile(file, buildFirmwareImage({ model: 'CAP-1200', version: v, size: 200_000 }))
    const published = JSON.parse((await canopy('firmware', 'publish', file)).stdout)
    expect(published).toMatchObject({ model: 'CAP-1200', version: v, size: 200_000 })

    const listed = JSON.parse((await canopy('firmware', 'list', '--model', 'CAP-1200')).stdout) as {
      list: FirmwarePackageView[]
    }
    expect(listed.list.find((item) => item.id === published.id)).toMatchObject({
      public: true,
      filename: `cap-${v}.img`,
    })
    // Every tenant sees it among the versions it may upgrade to.
    const tenant = await signedInAccount(app)
    const usable = await app.ok<{ list: FirmwarePackageView[] }>({
      path: '/backend/firmware/usable',
      token: tenant.token,
      query: { model: 'CAP-1200' },
    })
    expect(usable.list.map((item) => item.id)).toContain(published.id)

    // Without PUBLIC_URL a device's link points at the address this instance listens on.
    expect(app.firmware.downloadUrl(published.id, 'cnp-0211aabbccdd')).toMatch(
      new RegExp(`^${server}/api/device/firmware/${published.id}\\?thing=cnp-0211aabbccdd&exp=\\d+&sig=`),
    )
    await canopy('firmware', 'delete', String(published.id))
    const after = JSON.parse((await canopy('firmware', 'list')).stdout) as { list: FirmwarePackageView[] }
    expect(after.list.map((item) => item.id)).not.toContain(published.id)
  })

  it('takes a header-less image with --model and --version, and refuses one without them', async () => {
    const v = version()
    const file = path.join(folder, `raw-${v}.bin`)
    await writeFile(file, `raw image ${v}`)
    await expect(canopy('firmware', 'publish', file)).rejects.toMatchObject({
      stderr: expect.stringContaining('refused: 600400128'),
    })
    const published = JSON.parse(
      (await canopy('firmware', 'publish', '--model', 'CGW-500', '--version', v, file)).stdout,
    )
    expect(published).toMatchObject({ model: 'CGW-500', version: v })
    await expect(
      canopy('firmware', 'publish', '--model', 'CGW-500', '--version', v, file),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('refused: 600400129'),
    })
  })
})
