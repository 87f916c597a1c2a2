/** Runs `work` while no other tab of this browser runs work under the same lock. */
export type CrossTabLock = <T>(work: () => Promise<T>) => Promise<T>

/** How long a storage lease is good for: past the 60 s request time-out, should its tab die. */
const LEASE_MS = 65_000
/** How long a tab waits after writing its lease before trusting it (another may write at once). */
const SETTLE_MS = 60
const RETRY_MS = 80

interface Lease {
  readonly id: string
  readonly until: number
}

/**
 * One lock for every tab of the browser. Web Locks (`navigator.locks`) when the browser offers
 * them; they exist only in secure contexts (HTTPS, localhost), so a console reached over plain
 * HTTP at an address falls back to a lease in localStorage: last writer wins after a settling
 * delay. That narrows the race to two tabs writing within one storage round trip of each other
 * rather than closing it (docs/decisions.md "One session in every tab"): serve over HTTPS.
 */
export function crossTabLock(
  name: string,
  env: { locks?: LockManager; storage?: Storage } = {
    locks: globalThis.navigator?.locks,
    storage: globalThis.localStorage,
  },
): CrossTabLock {
  const { locks, storage } = env
  // request() resolves with what the callback's promise resolves with
  if (locks) return <T>(work: () => Promise<T>) => locks.request(name, work) as Promise<T>
  if (storage) return (work) => withStorageLease(storage, `canopy.lock.${name}`, work)
  return (work) => work()
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function readLease(storage: Storage, key: string): Lease | undefined {
  try {
    const lease = JSON.parse(storage.getItem(key) ?? 'null') as Lease | null
    return typeof lease?.id === 'string' && typeof lease.until === 'number' ? lease : undefined
  } catch {
    // a damaged lease holds nothing: the next writer takes it
    return undefined
  }
}

async function withStorageLease<T>(storage: Storage, key: string, work: () => Promise<T>): Promise<T> {
  const id = `${Date.now()}-${Math.random()}`
  for (;;) {
    const held = readLease(storage, key)
    if (!held || held.until < Date.now()) {
      storage.setItem(key, JSON.stringify({ id, until: Date.now() + LEASE_MS } satisfies Lease))
      await sleep(SETTLE_MS)
      if (readLease(storage, key)?.id === id) break
    }
    await sleep(RETRY_MS + Math.random() * RETRY_MS)
  }
  try {
    return await work()
  } finally {
    if (readLease(storage, key)?.id === id) storage.removeItem(key)
  }
}
