import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Text files the server hands out as they are; index.html is not one (the server writes settings into it). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|wasm)$/

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every compressible
 * file under `dir`, skipping those that would not get smaller. The server serves them as they are
 * (@fastify/static `preCompressed`), so no request spends CPU compressing. Returns the files done.
 */
export async function precompressDirectory(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    // the build manifest is for tooling (scripts/route-size.mjs), never served
    .filter((file) => !file.split(path.sep).includes('.vite'))
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file)
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        gzipAsync(bytes, { level: 9 }),
      ])
      if (br.length < bytes.length) await writeFile(`${file}.br`, br)
      if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz)
    }),
  )
  return files
}

/**
 * Vite plugin: precompresses the build's output once it is written. `writeBundle`, not
 * `closeBundle`: the latter also runs after a failed build, whose real error it would hide
 * behind a missing output folder.
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'canopy-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async writeBundle(options) {
      await precompressDirectory(options.dir ?? outDir)
    },
  }
}
