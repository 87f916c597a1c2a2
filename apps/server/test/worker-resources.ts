import { inject } from 'vitest'
import type { WorkerResources } from './global-setup'

/**
 * This test worker's own database and broker (test/global-setup.ts): files running side by side on
 * two workers never share them. Vitest numbers its workers 1…maxWorkers in VITEST_POOL_ID.
 */
export function workerResources(): WorkerResources {
  const workers = inject('workers')
  const index = (Number(process.env.VITEST_POOL_ID ?? '1') - 1) % workers.length
  return workers[index]!
}
