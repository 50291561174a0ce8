// `npm start` builds the portal only when something it is built from changed since the last build:
// a second start with no change starts at once. The member API's build (scripts/build-suite.mjs) is
// kept current the same way, from its own inputs.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** What the portal's build is made from. */
export const BUILD_INPUTS = ['app', 'contract', 'locales', 'public', 'vite.config.ts', 'tsconfig.json', 'package-lock.json']
const SKIPPED = new Set(['node_modules', '.git'])

function* files(path) {
  if (!existsSync(path)) return
  const stat = statSync(path)
  if (!stat.isDirectory()) return yield [path, stat]
  for (const entry of readdirSync(path).sort()) if (!SKIPPED.has(entry)) yield* files(join(path, entry))
}

/**
 * A fingerprint of the build's inputs: every file's path, size and modification time, so an edit,
 * a new file or a removed one changes it. The generated route tree is left out (the build rewrites
 * it), and so are the files `skip` names (tests, which no build reads).
 * @param {string} root
 * @param {string[]} [inputs] the files and folders the build reads (the portal's by default)
 * @param {(name: string) => boolean} [skip]
 */
export function buildFingerprint(root, inputs = BUILD_INPUTS, skip = () => false) {
  const hash = createHash('sha256')
  for (const input of inputs) {
    for (const [path, stat] of files(join(root, input))) {
      const name = relative(root, path)
      if (name.endsWith('routeTree.gen.ts') || skip(name)) continue
      hash.update(`${name}\0${stat.size}\0${stat.mtimeMs}\n`)
    }
  }
  return hash.digest('hex')
}

const stampOf = (outputDir) => join(outputDir, '.build-fingerprint')

/**
 * Whether the build in `outputDir` was made from exactly these inputs (and its entry is there).
 * @param {string} outputDir
 * @param {string} fingerprint
 * @param {string} [entry] the file the build must hold, relative to `outputDir`
 */
export function buildIsCurrent(outputDir, fingerprint, entry = 'server/index.mjs') {
  return existsSync(join(outputDir, entry)) && existsSync(stampOf(outputDir)) && readFileSync(stampOf(outputDir), 'utf8') === fingerprint
}

export function recordBuild(outputDir, fingerprint) {
  writeFileSync(stampOf(outputDir), fingerprint)
}
