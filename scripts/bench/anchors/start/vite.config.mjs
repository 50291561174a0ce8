// The TanStack Start anchors: the product's plugin setup (vite.config.ts) minus Lingui and
// Tailwind, built by `npm run bench` with the repo's vite into BENCH_ANCHOR_OUTPUT_DIR.
// BENCH_ANCHOR_APP picks the app: `src` (default), the bare page; `member-src`, a member page doing
// the portal's member-page work with nothing of the portal in it (the session cookie checked, a
// query client dehydrated into the page, three server functions, two member-API calls, the portal's
// markup for the page: its header, the grouped cards and the footer, in plain JSX; and the page
// compressed).
// Every file a build writes goes under that directory, so nothing lands in the repository.
import { resolve } from 'node:path'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig } from 'vite'

const here = import.meta.dirname
const outputDir = process.env.BENCH_ANCHOR_OUTPUT_DIR
if (!outputDir) throw new Error('BENCH_ANCHOR_OUTPUT_DIR is not set: the anchor is built by scripts/bench/run.mjs')
const app = process.env.BENCH_ANCHOR_APP ?? 'src'
if (app !== 'src' && app !== 'member-src') throw new Error(`BENCH_ANCHOR_APP=${app}: the anchors are src and member-src`)
const workDir = resolve(outputDir, '..', `anchor-start-build-${app}`)

export default defineConfig({
  root: here,
  cacheDir: resolve(workDir, 'vite'),
  logLevel: 'warn',
  plugins: [
    // Its own route tree, next to its own routes: app/routeTree.gen.ts is never touched.
    tanstackStart({ srcDirectory: app, router: { tmpDir: resolve(workDir, 'tanstack') } }),
    viteReact(),
    nitro({ rootDir: workDir, buildDir: resolve(workDir, 'nitro'), output: { dir: resolve(outputDir) } }),
  ],
})
