// The member API's production build (`node scripts/build-suite.mjs`, part of `npm run build`):
// suite/server.ts and the ops CLI compiled and bundled by esbuild into dist/member-api, with the
// files they read by path at run time beside them, so production runs it with plain `node`.
//
// Our code (suite/, contract/) is bundled; every package stays an import that Node resolves from
// node_modules, and each must be one of package.json's `dependencies` (checked here and by
// build-suite.test.ts), so `npm ci --omit=dev` is enough on a member-API machine.
//
// Layout of dist/member-api (the release's paths, relative to it):
//   server.mjs, ops.mjs                       the member API and the operator command line
//   suite/services/heic-decode.worker.mjs    the HEIC decoding worker (started by path)
//   suite/db/migrations/                      the migrations the member API applies at start
//   locales/<locale>/suite.po                 the messages' wording, read at start
// A bundled module that finds a file from its own place (`new URL('./migrations', import.meta.url)`)
// finds it at the same relative place here: its `import.meta.url` is rewritten to the place the
// source file would have under dist/member-api.
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { spawnSync } from 'node:child_process'
import { pathToFileURL } from 'node:url'
import { buildFingerprint, buildIsCurrent, recordBuild } from './lib/build-fingerprint.mjs'

const root = resolve(import.meta.dirname, '..')

/** Where the build goes (gitignored), and the files production starts. */
export const MEMBER_API_OUTPUT_DIR = resolve(root, 'dist/member-api')
export const MEMBER_API_SERVER = 'server.mjs'
export const MEMBER_API_OPS = 'ops.mjs'

/** What the build is made from: a change to any of these (tests aside) makes the build stale. */
const INPUTS = ['suite', 'contract', 'locales', 'tsconfig.json', 'package.json', 'package-lock.json', 'scripts/build-suite.mjs']
const notBuilt = (name) => /\.test\.ts$/.test(name) || name.startsWith(`suite${sep}test${sep}`)

/** Files the bundles read by path at run time, copied to the same relative place. */
const RUNTIME_FILES = ['suite/db/migrations', ...localeCatalogs()]
function localeCatalogs() {
  return readdirSync(join(root, 'locales'))
    .map((locale) => `locales/${locale}/suite.po`)
    .filter((file) => existsSync(join(root, file)))
}

/**
 * The package an import names ('drizzle-orm/pglite' → 'drizzle-orm', '@hono/node-server' as is),
 * or null for Node's own modules.
 * @param {string} specifier
 */
export function packageOf(specifier) {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier)) return null
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

/**
 * The packages a build imports that `npm ci --omit=dev` would not install: every import left to
 * Node must name one of package.json's dependencies (optional ones are installed too).
 * @param {Iterable<string>} imports the bare imports of the bundles
 * @param {{ dependencies?: Record<string, string>, optionalDependencies?: Record<string, string> }} manifest
 */
export function importsMissingFromDependencies(imports, manifest) {
  const installed = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {})])
  const missing = new Set()
  for (const specifier of imports) {
    const name = packageOf(specifier)
    if (name !== null && !installed.has(name)) missing.add(name)
  }
  return [...missing].sort()
}

/**
 * Rewrites `import.meta.url` in our bundled sources to the place each source file would have in
 * the output folder, so that a file found from the module's own place is found where it was copied.
 * @returns {import('esbuild').Plugin}
 */
function sourcePlaces() {
  return {
    name: 'source-places',
    setup(build) {
      build.onLoad({ filter: /\.[cm]?[jt]s$/ }, (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`) || !args.path.startsWith(root + sep)) return undefined
        const source = readFileSync(args.path, 'utf8')
        if (!source.includes('import.meta.url')) return undefined
        const place = `./${relative(root, args.path).split(sep).join('/')}`
        return {
          contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(place)}, import.meta.url).href`),
          loader: args.path.endsWith('.ts') ? 'ts' : 'js',
        }
      })
    },
  }
}

/**
 * Builds the member API into `outputDir` (a fresh folder, swapped in whole once complete, so a
 * process starting from it never sees half a build). Returns the bare imports the bundles leave to Node.
 * @param {{ outputDir?: string }} [options]
 */
export async function buildMemberApi({ outputDir = MEMBER_API_OUTPUT_DIR } = {}) {
  const esbuild = await import('esbuild')
  const fingerprint = buildFingerprint(root, INPUTS, notBuilt)
  const staging = `${outputDir}.building-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(staging, { recursive: true })
  const common = {
    bundle: true,
    platform: /** @type {const} */ ('node'),
    format: /** @type {const} */ ('esm'),
    target: 'node24',
    packages: /** @type {const} */ ('external'),
    tsconfig: join(root, 'tsconfig.json'),
    // Production's stack traces name the source files (node --enable-source-maps).
    sourcemap: /** @type {const} */ ('linked'),
    metafile: true,
    logLevel: /** @type {const} */ ('warning'),
    outExtension: { '.js': '.mjs' },
  }
  try {
    const main = await esbuild.build({
      ...common,
      entryPoints: { server: join(root, 'suite/server.ts'), ops: join(root, 'suite/ops.ts') },
      outdir: staging,
      plugins: [sourcePlaces()],
    })
    // The worker is started by path, from its place beside heic-decoding.ts: built to that place.
    const worker = await esbuild.build({
      ...common,
      entryPoints: { 'suite/services/heic-decode.worker': join(root, 'suite/services/heic-decode.worker.mjs') },
      outdir: staging,
    })
    for (const file of RUNTIME_FILES) cpSync(join(root, file), join(staging, file), { recursive: true })

    const imports = new Set()
    for (const result of [main, worker]) {
      for (const input of Object.values(result.metafile.inputs)) for (const used of input.imports) if (used.external) imports.add(used.path)
    }
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    const missing = importsMissingFromDependencies(imports, manifest)
    if (missing.length > 0) {
      throw new Error(`The member API imports packages that are not dependencies (npm ci --omit=dev would leave them out): ${missing.join(', ')}`)
    }
    recordBuild(staging, fingerprint)

    // Swapped in whole: the previous build is moved aside first (a folder cannot replace a full one).
    const previous = `${outputDir}.previous-${process.pid}`
    mkdirSync(dirname(outputDir), { recursive: true })
    if (existsSync(outputDir)) renameSync(outputDir, previous)
    renameSync(staging, outputDir)
    rmSync(previous, { recursive: true, force: true })
    return { imports: [...imports].sort() }
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}

/** Whether dist/member-api was built from the sources as they are now. */
export function memberApiBuildIsCurrent(outputDir = MEMBER_API_OUTPUT_DIR) {
  return buildIsCurrent(outputDir, buildFingerprint(root, INPUTS, notBuilt), MEMBER_API_SERVER)
}

/**
 * Builds the member API unless its build is current (a few seconds when it is not). Synchronous,
 * for the helpers that start the member API: the build runs in a child process. Test files run in
 * parallel may ask at once: one builds, under a lock file, and the others wait for it.
 * @returns {string} the server's file
 */
export function ensureMemberApiBuild() {
  const server = join(MEMBER_API_OUTPUT_DIR, MEMBER_API_SERVER)
  if (memberApiBuildIsCurrent()) return server
  mkdirSync(dirname(MEMBER_API_OUTPUT_DIR), { recursive: true })
  const lock = `${MEMBER_API_OUTPUT_DIR}.lock`
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'))
      break
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error
      // A lock left by a build that was killed is taken over after two minutes (a build takes seconds).
      const lockedAt = statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()
      if (Date.now() - lockedAt > 120_000) rmSync(lock, { force: true })
      Atomics.wait(pause, 0, 0, 200)
    }
  }
  try {
    if (memberApiBuildIsCurrent()) return server
    const build = spawnSync(process.execPath, [join(root, 'scripts/build-suite.mjs')], { encoding: 'utf8' })
    if (build.status !== 0) throw new Error(`The member API's build failed:\n${build.stderr}${build.stdout}`)
    return server
  } finally {
    rmSync(lock, { force: true })
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = Date.now()
  try {
    await buildMemberApi()
    console.log(`The member API is built in ${relative(process.cwd(), MEMBER_API_OUTPUT_DIR) || '.'} (${Date.now() - started} ms).`)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
