import type { ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

/** A TCP port free on 127.0.0.1 now (the OS's pick), for a server, broker or stand-in to listen on. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * Waits until a server started as `child` answers `url` with 2xx: the connection is refused until
 * it listens. Fails at once when the child exits, and after `timeoutMs`.
 */
export async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  { timeoutMs = 120_000, pollMs = 100 }: { timeoutMs?: number; pollMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up (${child.exitCode})`)
    const up = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (up) return
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
  throw new Error(`the server did not start within ${timeoutMs / 1000} s`)
}
