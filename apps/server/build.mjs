// Bundles the server into dist/ (our code and @canopy/shared; npm packages stay in node_modules)
// and puts what it loads at run time beside it: the PGlite worker, its seed cluster and the SQL
// migrations.
import { execFileSync } from 'node:child_process'
import { cpSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

const keepNpmPackagesExternal = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@canopy/') ? undefined : { path: args.path, external: true },
    )
  },
}

rmSync('dist', { recursive: true, force: true })
await build({
  entryPoints: { main: 'src/main.ts', 'migrate-cli': 'src/db/migrate-cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [keepNpmPackagesExternal],
})
// The broker's thread: one script with the npm packages it uses, which a thread loads about twice
// as fast as Aedes' many modules (src/gateway/broker-thread-source.ts does the same from source).
await build({
  entryPoints: ['src/gateway/broker-thread.ts'],
  outfile: 'dist/broker-thread.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
})
cpSync('src/db/pglite-worker.mjs', 'dist/pglite-worker.mjs')
cpSync('src/db/statement-names.mjs', 'dist/statement-names.mjs')
cpSync('drizzle', 'dist/drizzle', { recursive: true })
execFileSync(process.execPath, ['make-pglite-seed.mjs', 'dist/pglite-seed.tar.gz'], { stdio: 'inherit' })
