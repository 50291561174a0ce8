import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { GtinSchema, isValidGtin } from './product-identifiers'

describe('GTIN', () => {
  it('takes the lengths GS1 defines when the check digit matches', () => {
    // Published examples: an EAN-13, a UPC-A (12), a GTIN-8 and a GTIN-14.
    for (const gtin of ['4006381333931', '036000291452', '96385074', '10012345678902']) expect(isValidGtin(gtin), gtin).toBe(true)
  })

  it('refuses a wrong check digit, another length, and anything but digits', () => {
    for (const gtin of ['4006381333932', '03600029145', '123456789', '40063813339a1', '']) expect(isValidGtin(gtin), gtin).toBe(false)
  })

  it('reads a GTIN typed in groups, and says what is wrong with one that is not', () => {
    expect(v.parse(GtinSchema, '4 006381 333931')).toBe('4006381333931')
    expect(v.parse(GtinSchema, '036000-291452')).toBe('036000291452')
    const short = v.safeParse(GtinSchema, '12345')
    expect(short.success ? null : short.issues[0].message).toBe('must be 8, 12, 13 or 14 digits')
    const wrong = v.safeParse(GtinSchema, '4006381333932')
    expect(wrong.success ? null : wrong.issues[0].message).toBe('its last digit does not match the others (check digit)')
  })
})
