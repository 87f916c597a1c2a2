/**
 * Follows an MQTT byte stream packet by packet, reading only each fixed header (the type byte
 * and the "remaining length", 1 to 4 bytes of 7 bits) and skipping the rest, and says when a
 * packet announces more than `maxBytes` in all. Aedes (and mqtt-packet under it) has no
 * maximum packet size: it buffers a packet until it is complete, 256 MB at most. Watching the
 * headers lets the broker drop such a connection on the first chunk of the packet, before its
 * body is ever held in memory. It copies nothing: it only counts.
 */
export class PacketSizeGuard {
  /** bytes of the current packet's body still to skip */
  private remaining = 0
  /** reading a fixed header: -1 before its type byte, else remaining-length bytes read so far */
  private headerByte = -1
  private length = 0
  private multiplier = 1

  constructor(private readonly maxBytes: number) {}

  /** Follows one more chunk; false once a packet is over the limit (or its header is malformed). */
  accept(chunk: Uint8Array): boolean {
    let at = 0
    while (at < chunk.length) {
      if (this.remaining > 0) {
        const skipped = Math.min(this.remaining, chunk.length - at)
        this.remaining -= skipped
        at += skipped
        continue
      }
      const byte = chunk[at++]!
      if (this.headerByte === -1) {
        this.headerByte = 0
        this.length = 0
        this.multiplier = 1
        continue
      }
      this.headerByte++
      this.length += (byte & 0x7f) * this.multiplier
      this.multiplier *= 128
      if (byte & 0x80) {
        // MQTT allows four length bytes; a fifth is a malformed packet.
        if (this.headerByte >= 4) return false
        continue
      }
      // the whole packet: type byte, the length bytes, then the body
      if (1 + this.headerByte + this.length > this.maxBytes) return false
      this.remaining = this.length
      this.headerByte = -1
    }
    return true
  }
}
