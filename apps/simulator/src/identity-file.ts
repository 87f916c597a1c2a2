import { existsSync, readFileSync } from 'node:fs'
import { chmod, mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { type RegistrationResponse, thingNameOf } from '@canopy/shared/protocol'

interface IdentityDocument {
  version: 1
  /** by MAC */
  devices: Record<string, RegistrationResponse>
}

/** Writes happen at most this often: a fleet of thousands registering writes the file a few times. */
const SAVE_AFTER_MS = 500

/**
 * The identities of a fleet (thing name, secret, broker), kept in a file as a real device keeps
 * its own in flash, so a fleet started again is the same devices: bound ones come back to their
 * owners instead of registering as new (which the cloud refuses for a bound device without its
 * secret). The file holds secrets: it is written owner-only, replaced whole (never half-written).
 */
export class IdentityFile {
  private readonly identities: Map<string, RegistrationResponse>
  private timer: NodeJS.Timeout | undefined
  private dirty = false
  private saving: Promise<void> = Promise.resolve()

  private constructor(
    readonly file: string,
    identities: Map<string, RegistrationResponse>,
  ) {
    this.identities = identities
  }

  /** The identities kept in `file`, or none yet when it does not exist. */
  static load(file: string): IdentityFile {
    const identities = new Map<string, RegistrationResponse>()
    if (existsSync(file)) {
      const document = JSON.parse(readFileSync(file, 'utf8')) as IdentityDocument
      if (document.version !== 1) throw new Error(`${file}: unknown identity file version`)
      for (const [mac, identity] of Object.entries(document.devices ?? {})) {
        // An entry that does not belong to its MAC is not this device's: register afresh.
        if (identity?.thingName === thingNameOf(mac) && typeof identity.deviceSecret === 'string')
          identities.set(mac, identity)
      }
    }
    return new IdentityFile(file, identities)
  }

  get(mac: string): RegistrationResponse | undefined {
    return this.identities.get(mac)
  }

  /** Keeps a device's new identity; the file follows shortly (or at `flush`). */
  set(mac: string, identity: RegistrationResponse): void {
    this.identities.set(mac, identity)
    this.dirty = true
    // Nobody awaits this save: a failure goes to stderr, and the next change or `flush` tries again.
    this.timer ??= setTimeout(
      () =>
        void this.flush().catch((error: Error) => {
          this.dirty = true
          console.error(`virtual fleet: identities not saved to ${this.file}: ${error.message}`)
        }),
      SAVE_AFTER_MS,
    )
  }

  /** Writes what changed now. */
  async flush(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    if (!this.dirty) return this.saving
    this.dirty = false
    const document: IdentityDocument = { version: 1, devices: Object.fromEntries(this.identities) }
    // One write at a time, each replacing the file whole; a failed one was its own caller's to
    // hear of, and the next goes ahead all the same.
    const write = () => this.write(document)
    this.saving = this.saving.then(write, write)
    await this.saving
  }

  private async write(document: IdentityDocument): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true })
    const temporary = `${this.file}.${process.pid}.tmp`
    await writeFile(temporary, `${JSON.stringify(document, null, 1)}\n`, { mode: 0o600 })
    await chmod(temporary, 0o600)
    await rename(temporary, this.file)
  }
}
