import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { RegistrationResponse } from '@canopy/shared/protocol'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { IdentityFile } from './identity-file'

let dir: string
const identity = (thingName: string, deviceSecret: string): RegistrationResponse => ({
  thingName,
  deviceSecret,
  mqtt: { host: '127.0.0.1', port: 1883 },
})

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'canopy-identities-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('the fleet’s identity file', () => {
  it('keeps identities between runs, in a file only its owner can read', async () => {
    const file = path.join(dir, 'nested', 'identities.json')
    const first = IdentityFile.load(file)
    expect(first.get('02:C1:01:00:00:01')).toBeUndefined()
    first.set('02:C1:01:00:00:01', identity('cnp-02c101000001', 'secret-one'))
    await first.flush()
    expect(statSync(file).mode & 0o777).toBe(0o600)

    const again = IdentityFile.load(file)
    expect(again.get('02:C1:01:00:00:01')).toEqual(identity('cnp-02c101000001', 'secret-one'))
    again.set('02:C1:01:00:00:01', identity('cnp-02c101000001', 'secret-two'))
    await again.flush()
    expect(IdentityFile.load(file).get('02:C1:01:00:00:01')?.deviceSecret).toBe('secret-two')
  })

  it('ignores an entry that does not belong to its MAC', () => {
    const file = path.join(dir, 'identities.json')
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        devices: {
          '02:C1:01:00:00:01': identity('cnp-02c101000001', 'right'),
          '02:C1:01:00:00:02': identity('cnp-02c101000001', 'someone else’s'),
        },
      }),
    )
    const identities = IdentityFile.load(file)
    expect(identities.get('02:C1:01:00:00:01')?.deviceSecret).toBe('right')
    expect(identities.get('02:C1:01:00:00:02')).toBeUndefined()
  })

  it('writes nothing when nothing changed', async () => {
    const file = path.join(dir, 'identities.json')
    const identities = IdentityFile.load(file)
    await identities.flush()
    expect(() => readFileSync(file)).toThrow()
  })
})
