import path from 'node:path'
import { fileURLToPath } from 'node:url'

// Files the server loads at run time. Built, they sit beside the bundle in apps/server/dist;
// run from source (tests, `npm run dev`), they are found relative to apps/server/src.
const here = path.dirname(fileURLToPath(import.meta.url))
const bundled = path.basename(here) === 'dist'

export const serverPaths = {
  migrations: bundled ? path.join(here, 'drizzle') : path.join(here, '../drizzle'),
  /** the embedded broker's thread, bundled by the build (from source: gateway/broker-thread-source.ts) */
  brokerThread: bundled ? path.join(here, 'broker-thread.cjs') : undefined,
  pgliteWorker: bundled ? path.join(here, 'pglite-worker.mjs') : path.join(here, 'db/pglite-worker.mjs'),
  /** made by `npm run build`; absent before the first build */
  pgliteSeed: bundled ? path.join(here, 'pglite-seed.tar.gz') : path.join(here, '../dist/pglite-seed.tar.gz'),
  webDist: path.join(here, '../../web/dist'),
}
