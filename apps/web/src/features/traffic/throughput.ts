/** The unit keys of `traffic.units`, smallest first, each 1,000 times the one before. */
const UNITS = ['bps', 'kbps', 'mbps', 'gbps'] as const
export type ThroughputUnit = (typeof UNITS)[number]

/**
 * Bytes a second as operators read throughput: bits a second in the largest unit that keeps the
 * number at 1 or more (decimal prefixes, as link speeds are given), with up to three significant
 * digits: 0 bit/s, 950 bit/s, 12.5 kbit/s, 1.23 Mbit/s.
 */
export function throughput(bytesPerSecond: number): { unit: ThroughputUnit; value: number } {
  let value = Math.max(0, bytesPerSecond) * 8
  let index = 0
  while (value >= 1000 && index < UNITS.length - 1) {
    value /= 1000
    index++
  }
  return { unit: UNITS[index]!, value: Number(value.toPrecision(3)) }
}
