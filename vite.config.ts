import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import babel from '@rolldown/plugin-babel'
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { nitro } from 'nitro/vite'
import { defineConfig } from 'vite'
import { precompressSmallAssets } from './scripts/lib/precompress-assets.mjs'

// One id per build: the browser compares it with /build/latest.json to notice a deployment.
const buildId = process.env.PORTAL_BUILD_ID ?? Date.now().toString(36)
// The catalog's content hash: the browser's messages address (/_i18n/{hash}/en/messages.json)
// changes exactly when the messages do, or the shape they are sent in (app/i18n/plain-text.ts), so
// it can be cached for good.
const catalogHash = createHash('sha256')
  .update(readFileSync(new URL('./locales/en/messages.po', import.meta.url)))
  .update(readFileSync(new URL('./app/i18n/plain-text.ts', import.meta.url)))
  .digest('hex')
  .slice(0, 12)

/** The files of lucide's icons the home page imports (`PackageOpen` is `package-open.mjs`). */
const HOME_ICON_FILES = new Set(
  [...readFileSync(new URL('./app/features/content/home-page.tsx', import.meta.url), 'utf8').matchAll(/import \{([^}]*)\} from 'lucide-react'/g)]
    .flatMap((match) => match[1]!.split(','))
    .map(
      (name) =>
        `${name
          .trim()
          .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
          .toLowerCase()}.mjs`,
    ),
)

export default defineConfig({
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId), 'import.meta.env.VITE_I18N_HASH': JSON.stringify(catalogHash) },
  server: { port: 3000, host: '127.0.0.1' },
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // Everything every page loads goes in one script instead of dozens of small ones, whose
          // import lists and requests cost more than their code; what a route needs on its own
          // stays in that route's chunk.
          output: {
            codeSplitting: {
              groups: [
                { name: 'app', tags: ['$initial'], priority: 1 },
                // The home page's icons travel together: a first visit would otherwise fetch each
                // one shared with another page as a file of its own, a few hundred bytes apiece
                // that compress far worse apart than together.
                { name: 'home-icons', test: (id: string) => id.includes('lucide-react') && HOME_ICON_FILES.has(basename(id)) },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [
    tailwindcss(),
    tanstackStart({
      srcDirectory: 'app',
      // A route's loader goes with its page, in the route's own chunk, not in the first script every
      // page loads: the page needs both at once, and no other page needs either.
      router: {
        codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']] },
      },
    }),
    // Lingui's macros (t, Trans, msg) are compiled by its Babel plugin; plugin-react 6 no longer runs Babel.
    babel({ presets: [linguiTransformerBabelPreset()] }),
    lingui(),
    viteReact(),
    // Scripts and styles under 1 KB, which nitro's own precompression skips, are compressed too.
    precompressSmallAssets(),
    // PORTAL_OUTPUT_DIR lets two builds live side by side (e.g. a test run while developing).
    nitro({
      // Tracing before shutdown: its close hook (sending the spans still waiting) runs, and is awaited, before the one that exits.
      plugins: ['./app/server/startup-check.ts', './app/server/tracing.ts', './app/server/shutdown.ts', './app/server/metrics-endpoint.ts'],
      // Scripts, styles and images are compressed once at build time and served as .br or .gz to
      // the browsers that take them (pages are compressed as they are rendered: app/server/compression.ts).
      compressPublicAssets: { gzip: true, brotli: true },
      // Static files do not pass through the app's middleware (app/server/security-headers.ts): never sniffed.
      routeRules: { '/assets/**': { headers: { 'x-content-type-options': 'nosniff' } } },
      // Each output directory has its own working directory too, so two builds at once never
      // write each other's server bundle.
      ...(process.env.PORTAL_OUTPUT_DIR
        ? { output: { dir: process.env.PORTAL_OUTPUT_DIR }, buildDir: `node_modules/.nitro/${basename(process.env.PORTAL_OUTPUT_DIR)}` }
        : {}),
    }),
  ],
})
