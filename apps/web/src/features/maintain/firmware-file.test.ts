import { buildFirmwareImage } from '@canopy/shared/protocol'
import { describe, expect, it } from 'vitest'
import { checkFirmwareFile, sizeParts } from './firmware-file'

function fileOf(bytes: Uint8Array, name: string): File {
  return new File([bytes as BlobPart], name)
}

describe('checkFirmwareFile', () => {
  it('reads the model and version of a Canopy image, whatever its name', async () => {
    const image = buildFirmwareImage({ model: 'CAP-1200', version: '2.1.0', size: 4096 })
    await expect(checkFirmwareFile(fileOf(image, 'firmware.dat'))).resolves.toEqual({
      ok: true,
      header: { model: 'CAP-1200', version: '2.1.0' },
    })
  })

  it('takes a raw image by its extension, the model and version then coming from the form', async () => {
    const raw = new Uint8Array(2048).fill(7)
    for (const name of ['openwrt.bin', 'FW.IMG', 'router.trx'])
      await expect(checkFirmwareFile(fileOf(raw, name))).resolves.toEqual({ ok: true, header: undefined })
  })

  it('refuses any other file with the server message', async () => {
    for (const file of [fileOf(new Uint8Array(10), 'notes.txt'), fileOf(new Uint8Array(0), 'empty.bin')])
      await expect(checkFirmwareFile(file)).resolves.toEqual({
        ok: false,
        reason: 'errors.unsupportedFileType',
      })
  })

  it('refuses a file over the limit before reading it', async () => {
    const image = buildFirmwareImage({ model: 'CAP-1200', version: '2.1.0', size: 2048 })
    await expect(checkFirmwareFile(fileOf(image, 'a.bin'), 1024)).resolves.toEqual({
      ok: false,
      reason: 'validation.firmware_too_large',
    })
  })
})

describe('sizeParts', () => {
  it('writes a size in its unit', () => {
    expect(sizeParts(512)).toEqual({ unit: 'b', value: '512' })
    expect(sizeParts(1536)).toEqual({ unit: 'kb', value: '1.5' })
    expect(sizeParts(64 * 1024 * 1024)).toEqual({ unit: 'mb', value: '64' })
    expect(sizeParts(1024 * 1024)).toEqual({ unit: 'mb', value: '1' })
  })
})
