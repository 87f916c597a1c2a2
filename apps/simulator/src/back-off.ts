/**
 * The wait before the `attempt`th try (1, 2…) at something a busy or absent cloud did not take:
 * `firstMs`, doubling up to 32×, times 0.5 to 1.5 so a fleet does not come back in step
 * (docs/protocol.md, "Limits and refusals").
 */
export function backOffMs(attempt: number, firstMs: number): number {
  return firstMs * 2 ** Math.min(Math.max(attempt, 1) - 1, 5) * (0.5 + Math.random())
}
