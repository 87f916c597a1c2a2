import { execFile } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import type { ProductOptions } from '@canopy/shared/protocol'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/test-app'

const run = promisify(execFile)
const CLI = path.join(import.meta.dirname, 'cli.ts')

let app: TestApp
let server: string

beforeAll(async () => {
  app = await createTestApp()
  server = await app.http.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(() => app.close())

/** `npm run canopy -- …`, as an operator types it, against the test app. */
function canopy(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', CLI, ...args, '--server', server], {
    // The operator's shell, not the test run's: the CLI reads the server's settings, and the
    // run's MQTT_URL comes without the broker's admin credentials the server is given.
    env: { PATH: process.env.PATH, OPERATOR_TOKEN: app.operatorToken },
  })
}

/** `product add` of an access point with the given MAC prefix, and more options. */
const addProduct = (model: string, macPrefix: string, ...options: string[]) =>
  canopy('product', 'add', '--model', model, '--type', 'ap', '--mac-prefix', macPrefix, ...options)

// Each call starts the CLI through tsx: seconds apiece on a busy machine.
describe('the operator CLI', { timeout: 60_000 }, () => {
  it('adds a product with its capabilities and settings options, and lists them', async () => {
    const options: ProductOptions = {
      radios: [{ band: '2g', channels: { '*': [1, 6, 11] }, bandwidths: ['20', '40'], maxUsers: 32 }],
      vaps: 1,
      encryptions: ['none', 'wpa2-psk'],
    }
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'canopy-cli-')), 'options.json')
    await writeFile(file, JSON.stringify(options))
    const model = `CLI-${Date.now().toString(36)}`
    const capabilities = ['--capability', 'reboot', '--capability', 'vap']
    const added = await addProduct(model, '02:7E:01', ...capabilities, '--options', file)
    expect(JSON.parse(added.stdout)).toMatchObject({ model, capabilities: ['reboot', 'vap'], options })
    const listed = JSON.parse((await canopy('product', 'list')).stdout) as Array<{ model: string }>
    expect(listed.find((product) => product.model === model)).toMatchObject({ options })
  })

  it('refuses a capability that is not in the protocol, and saves nothing', async () => {
    const model = `CLI-${Date.now().toString(36)}x`
    await expect(addProduct(model, '02:7E:02', '--capability', 'rebot')).rejects.toMatchObject({
      stderr: expect.stringContaining('refused'),
    })
    const listed = JSON.parse((await canopy('product', 'list')).stdout) as Array<{ model: string }>
    expect(listed.some((product) => product.model === model)).toBe(false)
  })
})
