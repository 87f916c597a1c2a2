/**
 * At most `size` image downloads at once across a fleet in one process: ten thousand virtual
 * devices share one machine's file descriptors (each also holds its MQTT connection), where real
 * ones would each have their own. A download waits for a free slot, then holds it until it ends.
 */
export class DownloadSlots {
  private free: number
  private readonly waiting: Array<() => void> = []

  constructor(readonly size: number) {
    this.free = size
  }

  /** Resolves with the release function once a slot is free. */
  async take(): Promise<() => void> {
    if (this.free > 0) this.free--
    else await new Promise<void>((resolve) => this.waiting.push(resolve))
    let released = false
    return () => {
      if (released) return
      released = true
      const next = this.waiting.shift()
      if (next) next()
      else this.free++
    }
  }
}
