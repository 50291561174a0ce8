import { describe, expect, it } from 'vitest'
import { isNewerBuild } from './build-version'

describe('isNewerBuild', () => {
  it('is true only for a well-formed answer naming another build', () => {
    expect(isNewerBuild({ id: 'b2' }, 'b1')).toBe(true)
    expect(isNewerBuild({ id: 'b1' }, 'b1')).toBe(false)
    expect(isNewerBuild('<html>', 'b1')).toBe(false)
    expect(isNewerBuild(null, 'b1')).toBe(false)
  })
})
