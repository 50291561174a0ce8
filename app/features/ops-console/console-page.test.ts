import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { consolePageOf, mayOpen, type ConsolePage } from './console-page'

const consoleRoutes = resolve(import.meta.dirname, '../../routes/$locale/_staff/ops')
const routeFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? routeFiles(join(dir, entry.name)) : [join(dir, entry.name)]))

describe('the console pages', () => {
  it('each state the capability they need, so the layout and the menu read it from one place', () => {
    const files = routeFiles(consoleRoutes)
    expect(files.length).toBeGreaterThan(10)
    const silent = files.filter((file) => !/staticData: \{ consolePage: \{ capability: (null|'[a-z:]+')/.test(readFileSync(file, 'utf8')))
    expect(silent.map((file) => relative(consoleRoutes, file))).toEqual([])
  })

  it('open for a staff person holding the capability of the deepest route that states one', () => {
    const members: ConsolePage = { capability: 'members:read' }
    const home: ConsolePage = { capability: null }
    const moderator = { capabilities: ['reviews:moderate' as const] }
    expect(consolePageOf([{}, { staticData: { consolePage: home } }, { staticData: {} }])).toBe(home)
    expect(consolePageOf([{ staticData: { consolePage: home } }, { staticData: { consolePage: members } }])).toBe(members)
    expect(mayOpen(moderator, members)).toBe(false)
    expect(mayOpen({ capabilities: ['members:read'] }, members)).toBe(true)
    expect(mayOpen(moderator, home)).toBe(true)
    // No staff record, or a page that states nothing: not opened.
    expect(mayOpen(null, home)).toBe(false)
    expect(mayOpen(moderator, consolePageOf([{}, {}]))).toBe(false)
  })
})
