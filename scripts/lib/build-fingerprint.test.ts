import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildFingerprint, buildIsCurrent, recordBuild } from './build-fingerprint.mjs'

let root = ''
afterEach(() => rmSync(root, { recursive: true, force: true }))

function project() {
  root = mkdtempSync(join(tmpdir(), 'fingerprint-'))
  mkdirSync(join(root, 'app/routes'), { recursive: true })
  writeFileSync(join(root, 'app/page.tsx'), 'export const page = 1\n')
  writeFileSync(join(root, 'vite.config.ts'), 'export default {}\n')
  mkdirSync(join(root, '.output/server'), { recursive: true })
  writeFileSync(join(root, '.output/server/index.mjs'), '')
  return root
}

describe('the build fingerprint', () => {
  it('stays the same with no change, so the build is reused', () => {
    project()
    const before = buildFingerprint(root)
    recordBuild(join(root, '.output'), before)
    expect(buildFingerprint(root)).toBe(before)
    expect(buildIsCurrent(join(root, '.output'), buildFingerprint(root))).toBe(true)
  })

  it('changes with an edit, a new file or a removed one, but not with the generated route tree', () => {
    project()
    const first = buildFingerprint(root)
    writeFileSync(join(root, 'app/routeTree.gen.ts'), '// generated\n')
    expect(buildFingerprint(root)).toBe(first)
    writeFileSync(join(root, 'app/page.tsx'), 'export const page = 2\n')
    utimesSync(join(root, 'app/page.tsx'), new Date(), new Date(Date.now() + 5000))
    const edited = buildFingerprint(root)
    expect(edited).not.toBe(first)
    writeFileSync(join(root, 'app/routes/new.tsx'), 'export {}\n')
    expect(buildFingerprint(root)).not.toBe(edited)
  })

  it('needs a build when none was recorded or the server entry is missing', () => {
    project()
    const fingerprint = buildFingerprint(root)
    expect(buildIsCurrent(join(root, '.output'), fingerprint)).toBe(false)
    recordBuild(join(root, '.output'), fingerprint)
    rmSync(join(root, '.output/server/index.mjs'))
    expect(buildIsCurrent(join(root, '.output'), fingerprint)).toBe(false)
  })
})
