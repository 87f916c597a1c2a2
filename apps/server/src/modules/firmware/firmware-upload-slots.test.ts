import { ErrorCode } from '@canopy/shared/errors'
import { describe, expect, it } from 'vitest'
import { UploadSlots } from './firmware-upload.routes'

describe('UploadSlots', () => {
  it('refuses an upload over the bound as "system busy", and frees a slot when one ends either way', async () => {
    const slots = new UploadSlots(2)
    const gates: Array<() => void> = []
    const held = () => new Promise<string>((resolve) => gates.push(() => resolve('stored')))
    const first = slots.run(held)
    const second = slots.run(async () => {
      await held()
      throw new Error('refused midway')
    })
    await expect(slots.run(held)).rejects.toMatchObject({ codes: [ErrorCode.SYSTEM_BUSY] })
    for (const open of gates) open()
    await expect(first).resolves.toBe('stored')
    await expect(second).rejects.toThrow('refused midway')
    await expect(slots.run(async () => 'again')).resolves.toBe('again')
  })
})
