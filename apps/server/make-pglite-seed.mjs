// A freshly initialised PGlite cluster, as a tarball: new embedded databases load it instead of
// running initdb at first start (about 1 s instead of 4-5 s here). Made by `npm run build`.
import { writeFileSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'

const [target] = process.argv.slice(2)
const db = await PGlite.create('memory://')
const dump = await db.dumpDataDir('gzip')
writeFileSync(target, Buffer.from(await dump.arrayBuffer()))
await db.close()
