import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { precompressDirectory } from './precompress'

let dir: string

afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('precompressDirectory', () => {
  it('writes brotli and gzip copies of the served text files that decompress to the original', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'precompress-'))
    mkdirSync(path.join(dir, 'assets'))
    mkdirSync(path.join(dir, '.vite'))
    const script = 'export const rows = ['.concat('"a long repeated row",'.repeat(500), ']\n')
    writeFileSync(path.join(dir, 'assets', 'page-abc.js'), script)
    writeFileSync(path.join(dir, 'assets', 'page-abc.css'), 'body{margin:0}'.repeat(200))
    writeFileSync(path.join(dir, 'index.html'), '<html>'.repeat(200))
    writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}'.repeat(200))
    writeFileSync(path.join(dir, 'assets', 'logo.png'), Buffer.alloc(400))
    writeFileSync(path.join(dir, 'tiny.js'), 'x')

    await precompressDirectory(dir)

    const js = path.join(dir, 'assets', 'page-abc.js')
    expect(brotliDecompressSync(readFileSync(`${js}.br`)).toString()).toBe(script)
    expect(gunzipSync(readFileSync(`${js}.gz`)).toString()).toBe(script)
    expect(readFileSync(`${js}.br`).length).toBeLessThan(script.length / 10)
    expect(existsSync(path.join(dir, 'assets', 'page-abc.css.br'))).toBe(true)
    // index.html is written by the server per request; the manifest and images are not compressed
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(false)
    expect(existsSync(path.join(dir, '.vite', 'manifest.json.br'))).toBe(false)
    expect(existsSync(path.join(dir, 'assets', 'logo.png.gz'))).toBe(false)
    // a copy no smaller than its file is not kept
    expect(existsSync(path.join(dir, 'tiny.js.gz'))).toBe(false)
  })
})
