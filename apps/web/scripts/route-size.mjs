// Measures what the browser downloads before a route's first paint: the entry chunk and CSS
// that index.html loads, the route's page chunk, each with every chunk they import statically,
// and one language's core catalogue (main.tsx awaits it before the first render; the largest of
// them is counted, the worst case). Usage: node scripts/route-size.mjs [page source, default
// src/features/auth/LoginPage.tsx]
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'))
const page = process.argv[2] ?? 'src/features/auth/LoginPage.tsx'

const files = new Set()
function collect(key) {
  const chunk = manifest[key]
  if (!chunk || files.has(chunk.file)) return
  files.add(chunk.file)
  for (const css of chunk.css ?? []) files.add(css)
  for (const asset of chunk.assets ?? []) files.add(asset)
  for (const imported of chunk.imports ?? []) collect(imported)
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry)
if (!entry || !manifest[page]) throw new Error(`no entry or no chunk for ${page}; run the build first`)
files.add('index.html')
collect(entry)
collect(page)

const catalogues = Object.keys(manifest).filter((key) =>
  /packages\/shared\/src\/i18n\/(en-us|zh-cn|es)\.ts$/.test(key),
)
if (catalogues.length !== 3) throw new Error('expected a chunk per core catalogue (en-us, zh-cn, es)')
for (const key of catalogues) {
  if (files.has(manifest[key].file)) throw new Error(`${key} is in the first paint: it must load on its own`)
}
const gzipOf = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length
const largest = catalogues.map((key) => manifest[key].file).sort((a, b) => gzipOf(b) - gzipOf(a))[0]
collect(catalogues.find((key) => manifest[key].file === largest))

let raw = 0
let gzip = 0
for (const file of [...files].sort()) {
  const bytes = readFileSync(join(dist, file))
  const zipped = gzipOf(file)
  raw += bytes.length
  gzip += zipped
  process.stdout.write(`${(zipped / 1024).toFixed(1).padStart(8)} KB gzip  ${file}\n`)
}
process.stdout.write(
  `${(gzip / 1024).toFixed(1).padStart(8)} KB gzip  total for ${page} (${(raw / 1024).toFixed(1)} KB raw)\n`,
)
