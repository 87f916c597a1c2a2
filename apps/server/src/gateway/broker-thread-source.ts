import { fileURLToPath } from 'node:url'

let script: Promise<string> | undefined

/**
 * The broker thread's script when the server runs from source (tests, `npm run dev`): bundled in
 * memory on first use, as `npm run build` bundles it into dist/broker-thread.cjs (build.mjs), with
 * the npm packages it uses, so a thread loads one script instead of resolving Aedes' many modules.
 */
export function brokerThreadScript(): Promise<string> {
  script ??= import('esbuild').then(async ({ build }) => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./broker-thread.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      write: false,
      logLevel: 'warning',
    })
    return result.outputFiles[0]!.text
  })
  return script
}
