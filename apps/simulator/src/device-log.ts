/** The device's own log: a ring of syslog-style lines the cloud can read on demand. */
export class DeviceLog {
  private readonly lines: string[] = []

  constructor(
    private readonly hostname: string,
    private readonly capacity = 1000,
  ) {}

  write(facility: string, message: string): void {
    const stamp = new Date().toISOString().replace('T', ' ').slice(0, 19)
    this.lines.push(`${stamp} ${this.hostname} ${facility}: ${message}`)
    if (this.lines.length > this.capacity) this.lines.splice(0, this.lines.length - this.capacity)
  }

  last(count: number): string[] {
    return this.lines.slice(-count)
  }
}
