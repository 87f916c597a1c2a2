import { inArray } from 'drizzle-orm'
import type { ChangeFeed } from '../../db/change-feed'
import type { Executor } from '../../db/client'
import { devices } from '../../db/schema'
import { Coalesced } from '../../lib/coalesced'

/** What the gateway needs to know of a device to file what it sends. */
export interface DeviceRef {
  id: number
  thing: string
}

/**
 * Devices by thing name, in memory: every MQTT message names its thing, and thousands arrive a
 * second. A device registered again or deleted (through the change feed) drops its entry. The
 * misses of a connect storm are looked up together (lib/coalesced.ts).
 */
export class DeviceDirectory {
  private readonly byThing = new Map<string, Promise<DeviceRef | undefined>>()
  private readonly lookups: Coalesced<string, DeviceRef | undefined>

  constructor(db: Executor, changes: ChangeFeed) {
    changes.onChange((event) => {
      if (event.kind === 'device') this.byThing.delete(event.thing)
    })
    this.lookups = new Coalesced(async (things) => {
      const found = await db
        .select({ id: devices.id, thing: devices.thingName })
        .from(devices)
        .where(inArray(devices.thingName, [...new Set(things)]))
      const byThing = new Map(found.map((row) => [row.thing, row]))
      return things.map((thing) => byThing.get(thing))
    })
  }

  find(thing: string): Promise<DeviceRef | undefined> {
    let entry = this.byThing.get(thing)
    if (!entry) {
      entry = this.lookups.submit(thing)
      this.byThing.set(thing, entry)
      // A miss is not remembered: the device may register in a moment.
      entry.then(
        (found) => {
          if (!found) this.byThing.delete(thing)
        },
        () => this.byThing.delete(thing),
      )
    }
    return entry
  }
}
