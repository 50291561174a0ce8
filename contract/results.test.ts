import { describe, expect, it } from 'vitest'
import { ageBandOf, groupsOf } from './results'

describe('groups in aggregate', () => {
  it('hides groups under five people, and never leaves one hidden group alone', () => {
    expect(
      groupsOf([
        ['DE', 12],
        ['GB', 5],
        ['FR', 0],
      ]),
    ).toEqual([
      { label: 'DE', people: 12 },
      { label: 'GB', people: 5 },
    ])
    // Two small groups: hidden together, the rest shown.
    expect(
      groupsOf([
        ['DE', 12],
        ['GB', 4],
        ['FR', 1],
      ]),
    ).toEqual([
      { label: 'DE', people: 12 },
      { label: 'GB', people: null },
      { label: 'FR', people: null },
    ])
    // One small group: the next smallest goes with it, or the total would give it away.
    expect(
      groupsOf([
        ['DE', 12],
        ['GB', 7],
        ['FR', 1],
      ]),
    ).toEqual([
      { label: 'DE', people: 12 },
      { label: 'GB', people: null },
      { label: 'FR', people: null },
    ])
    expect(groupsOf([['DE', 3]])).toEqual([{ label: 'DE', people: null }])
  })

  it('puts an age into its band on the day', () => {
    const now = new Date('2026-11-26T12:00:00Z')
    expect(ageBandOf('2001-11-26', now)).toBe('25–34')
    expect(ageBandOf('2001-11-27', now)).toBe('18–24')
    expect(ageBandOf('1950-01-01', now)).toBe('65+')
    expect(ageBandOf(null, now)).toBe('not given')
  })
})
