import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { NITRO_MIN_BYTES, precompressSmallFiles } from './precompress-assets.mjs'

let dir: string
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('precompressSmallFiles', () => {
  it('writes .br and .gz for small text files only, leaving the rest to nitro', () => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'))
    const small = 'export const a = "tiny";'
    writeFileSync(join(dir, 'small.js'), small)
    writeFileSync(join(dir, 'large.js'), 'x'.repeat(NITRO_MIN_BYTES))
    writeFileSync(join(dir, 'picture.png'), 'not text')
    writeFileSync(join(dir, 'empty.css'), '')
    expect(precompressSmallFiles(dir, ['small.js', 'large.js', 'picture.png', 'empty.css', 'gone.js'])).toEqual(['small.js'])
    expect(brotliDecompressSync(readFileSync(join(dir, 'small.js.br'))).toString()).toBe(small)
    expect(gunzipSync(readFileSync(join(dir, 'small.js.gz'))).toString()).toBe(small)
    expect(existsSync(join(dir, 'large.js.br'))).toBe(false)
    expect(existsSync(join(dir, 'picture.png.br'))).toBe(false)
  })
})
