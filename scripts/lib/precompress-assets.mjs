// Build step: every text file of the client build leaves the server compressed, however small.
// nitro precompresses the public files of 1 KB and more (its compressPublicAssets); this writes the
// .br and .gz of the smaller ones right after the client build, before nitro copies the files and
// lists them with their encodings, so nitro serves them the same way (and skips them itself).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** What nitro would compress (text), by file name. */
const TEXT_FILE = /\.(js|mjs|css|json|svg|html|txt|xml|webmanifest)$/
/** nitro's own threshold: from this size on, its step compresses the file. */
export const NITRO_MIN_BYTES = 1024

/** Writes `<file>.br` and `<file>.gz` for each text file under nitro's threshold; returns the files done. */
export function precompressSmallFiles(dir, fileNames) {
  const done = []
  for (const name of fileNames) {
    if (!TEXT_FILE.test(name)) continue
    const path = join(dir, name)
    if (!existsSync(path)) continue
    const bytes = readFileSync(path)
    if (bytes.length === 0 || bytes.length >= NITRO_MIN_BYTES) continue
    writeFileSync(
      `${path}.br`,
      brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
    )
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }))
    done.push(name)
  }
  return done
}

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
}

/**
 * The Vite plugin: runs on the client build's output only, once it is written, over all of it (the
 * bundle's scripts, styles and the files they import, such as the favicon).
 */
export function precompressSmallAssets() {
  return {
    name: 'portal:precompress-small-assets',
    applyToEnvironment: (environment) => environment.name === 'client',
    writeBundle(options) {
      if (options.dir) precompressSmallFiles(options.dir, filesUnder(options.dir))
    },
  }
}
