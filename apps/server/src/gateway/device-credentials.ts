import { createHash, timingSafeEqual } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { devices } from '../db/schema'
import { type Coalesced, coalescedRows } from '../lib/coalesced'

export function hashDeviceSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}

/**
 * Checks a device's MQTT password (its secret) against the hash kept at registration. Hashes are
 * cached per thing; a new registration or a revocation drops the entry (`forget`). The misses of
 * devices connecting together (a fleet rebooting after an upgrade) are looked up together.
 */
export class DeviceCredentials {
  private readonly hashes = new Map<string, Promise<string | undefined>>()
  private readonly lookups: Coalesced<string, Array<{ thing: string; secretHash: string }>>

  constructor(db: Executor) {
    this.lookups = coalescedRows(
      (things) =>
        db
          .select({ thing: devices.thingName, secretHash: devices.secretHash })
          .from(devices)
          .where(inArray(devices.thingName, things)),
      (row) => row.thing,
    )
  }

  async verify(thingName: string, secret: string): Promise<boolean> {
    let entry = this.hashes.get(thingName)
    if (!entry) {
      entry = this.lookups.submit(thingName).then(([row]) => row?.secretHash)
      this.hashes.set(thingName, entry)
      entry.catch(() => this.hashes.delete(thingName))
    }
    const expected = await entry
    if (!expected) {
      // Unknown now, perhaps registered in a moment: do not remember the miss.
      this.hashes.delete(thingName)
      return false
    }
    const actual = hashDeviceSecret(secret)
    return timingSafeEqual(Buffer.from(actual), Buffer.from(expected))
  }

  forget(thingName: string): void {
    this.hashes.delete(thingName)
  }
}
