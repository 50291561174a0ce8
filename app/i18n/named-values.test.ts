import { setupI18n, type Messages } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { messages } from '../../locales/en/messages.po'
import { fillNamedValues, fillNamedValuesDirectly } from './named-values'

/** Every value name a compiled message uses, plurals' and choices' included. */
function namesOf(message: unknown, into = new Set<string>()): Set<string> {
  if (!Array.isArray(message)) return into
  for (const piece of message) {
    if (!Array.isArray(piece)) continue
    const [name, , format] = piece as [string, string?, Record<string, unknown>?]
    into.add(name)
    if (format && typeof format === 'object') for (const branch of Object.values(format)) namesOf(branch, into)
  }
  return into
}

// Values of every kind a page passes: text, number, zero, a missing one, null.
const SAMPLES: unknown[] = ['Mia', 3, 0, undefined, null, 'Café & <co>']

function both(catalog: Messages) {
  const lingui = setupI18n({ locale: 'en', messages: { en: catalog } })
  const direct = setupI18n({ locale: 'en', messages: { en: catalog } })
  fillNamedValuesDirectly(direct)
  return { lingui, direct }
}

describe('fillNamedValuesDirectly', () => {
  it('gives every message of the catalog the same text as Lingui, with values of every kind, by both ways of asking', () => {
    const { lingui, direct } = both(messages)
    let filledDirectly = 0
    for (const [id, message] of Object.entries(messages)) {
      const names = [...namesOf(message)]
      for (let shift = 0; shift < SAMPLES.length; shift++) {
        const values = Object.fromEntries(names.map((name, i) => [name, SAMPLES[(i + shift) % SAMPLES.length]]))
        const expected = lingui._(id, values)
        expect(direct._(id, values)).toBe(expected)
        expect(direct.t({ id, values })).toBe(expected)
      }
      if (names.length > 0 && Array.isArray(message) && fillNamedValues(message, {}) !== undefined) filledDirectly++
    }
    // The catalog does have messages of plain values, so the comparison above covers the new path.
    expect(filledDirectly).toBeGreaterThan(100)
  })

  it('leaves to Lingui a plural, a format, an escaped character and a message the catalog lacks', () => {
    const catalog: Messages = {
      plural: [['count', 'plural', { one: ['#', ' review'], other: ['#', ' reviews'] }]],
      number: [['n', 'number']],
      escaped: ['caf\\u00e9 ', ['name']],
    }
    expect(fillNamedValues(catalog.plural as unknown[], { count: 1 })).toBeUndefined()
    expect(fillNamedValues(catalog.number as unknown[], { n: 1 })).toBeUndefined()
    expect(fillNamedValues(catalog.escaped as unknown[], { name: 'Mia' })).toBeUndefined()
    const { lingui, direct } = both(catalog)
    expect(direct._('plural', { count: 2 })).toBe('2 reviews')
    expect(direct._('escaped', { name: 'Mia' })).toBe(lingui._('escaped', { name: 'Mia' }))
    expect(direct._('absent', { name: 'Mia' }, { message: 'Hi {name}' })).toBe(lingui._('absent', { name: 'Mia' }, { message: 'Hi {name}' }))
  })
})
