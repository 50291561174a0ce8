import { i18n } from '@lingui/core'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { consoleHead, notFoundHead, pageHead, pageTitle, siteHead, summaryOf } from './page-head'

i18n.loadAndActivate({ locale: 'en', messages: {} })

const app = resolve(import.meta.dirname, '..')

/** Every route file of the route tree the router is built from (app/routeTree.gen.ts). */
function routeTreeFiles(): string[] {
  const tree = readFileSync(resolve(app, 'routeTree.gen.ts'), 'utf8')
  return [...tree.matchAll(/^import \{ Route as \w+ \} from '\.\/(routes\/[^']+)'$/gm)].map(([, path]) => {
    const file = ['.tsx', '.ts'].map((extension) => resolve(app, `${path}${extension}`)).find((candidate) => existsSync(candidate))
    if (!file) throw new Error(`no file for ${path}`)
    return file
  })
}

describe('page heads', () => {
  it('are stated by every page of the route tree, so no page is left with the title of another', () => {
    const files = routeTreeFiles()
    // Pages are .tsx route files; layouts (route.tsx) frame pages, and .ts routes answer with files or JSON.
    const pages = files.filter((file) => file.endsWith('.tsx') && !file.endsWith('/route.tsx') && !file.endsWith('__root.tsx'))
    expect(pages.length).toBeGreaterThan(60)
    const untitled = pages.filter((file) => !/^ {2}head: /m.test(readFileSync(file, 'utf8')))
    expect(untitled.map((file) => file.slice(app.length + 1))).toEqual([])
  })

  it("name the page, then the site; console pages say they are the console's", () => {
    expect(pageTitle('Shipments')).toBe('Shipments | Testers Circle')
    expect(pageHead('Shipments').meta).toEqual([{ title: 'Shipments | Testers Circle' }])
    expect(consoleHead('Shipments').meta).toEqual([{ title: 'Shipments — console | Testers Circle' }])
    expect(notFoundHead().meta).toEqual([{ title: 'Page not found | Testers Circle' }])
    expect(pageHead('Reviews', 'What testers wrote.').meta).toEqual([
      { title: 'Reviews | Testers Circle' },
      { name: 'description', content: 'What testers wrote.' },
    ])
    expect(siteHead().meta[0]).toEqual({ title: 'Testers Circle — test products, share honest reviews' })
  })
})

describe('a description from a text', () => {
  it('is the text on one line when short, and cut at a word with an ellipsis when long', () => {
    expect(summaryOf('Fresh  coffee,\n\n- cold\n- brewed')).toBe('Fresh coffee, cold brewed')
    const long = 'word '.repeat(60)
    const summary = summaryOf(long, 30)
    expect(summary).toBe('word word word word word word…')
    expect(summary.length).toBeLessThanOrEqual(30)
    expect(summaryOf('x'.repeat(50), 20)).toBe(`${'x'.repeat(19)}…`)
  })
})
