// Keys that tell when two accounts are one person or one household, with the variants people type.
import { describe, expect, it } from 'vitest'
import type { Country } from '../../contract/common'
import { householdKey, networkKey, normaliseEmail, normalisePostalCode, payoutKey } from './normalise'

describe('normaliseEmail', () => {
  it.each([
    ['Jane.Doe@Gmail.com', 'janedoe@gmail.com'],
    ['j.a.n.e.d.o.e+tests@gmail.com', 'janedoe@gmail.com'],
    ['janedoe+campaign-12@googlemail.com', 'janedoe@gmail.com'],
    ['JaneDoe@GoogleMail.com', 'janedoe@gmail.com'],
    ['jane.doe+news@outlook.com', 'jane.doe@outlook.com'],
    ['Jane.Doe+x@Hotmail.co.uk', 'jane.doe@hotmail.co.uk'],
    ['jane.doe+a@live.com', 'jane.doe@live.com'],
    ['jane.doe+shop@icloud.com', 'jane.doe@icloud.com'],
    ['jane.doe+shop@me.com', 'jane.doe@me.com'],
    ['jane.doe+shop@fastmail.com', 'jane.doe@fastmail.com'],
    ['jane.doe+shop@proton.me', 'janedoe@proton.me'],
    ['jane_doe@protonmail.com', 'janedoe@protonmail.com'],
    ['jane-doe+x@pm.me', 'janedoe@pm.me'],
    ['  Jane.Doe+x@Example.COM ', 'jane.doe+x@example.com'],
    ['jane.doe@web.de', 'jane.doe@web.de'],
  ])('%s → %s', (email, expected) => {
    expect(normaliseEmail(email)).toBe(expected)
  })

  it('keeps dots apart at the providers that count them', () => {
    expect(normaliseEmail('jane.doe@outlook.com')).not.toBe(normaliseEmail('janedoe@outlook.com'))
    expect(normaliseEmail('jane.doe@icloud.com')).not.toBe(normaliseEmail('janedoe@icloud.com'))
  })

  it('does not treat a leading "+" as a tag', () => {
    expect(normaliseEmail('+jane@gmail.com')).toBe('+jane@gmail.com')
  })
})

describe('normalisePostalCode', () => {
  it.each<[Country, string, string]>([
    ['GB', 'sw1a 1aa', 'SW1A1AA'],
    ['GB', 'SW1A1AA', 'SW1A1AA'],
    ['NL', '1012 ab', '1012AB'],
    ['PT', '1000-001', '1000001'],
    ['PL', '00-950', '00950'],
    ['SE', '114 55', '11455'],
    ['LU', 'L-1234', '1234'],
    ['LU', '1234', '1234'],
    ['US', '94105-1234', '94105'],
    ['CA', 'k1a 0b1', 'K1A0B1'],
    ['IE', 'D02 X285', 'D02X285'],
  ])('%s %s → %s', (country, code, expected) => {
    expect(normalisePostalCode(country, code)).toBe(expected)
  })
})

describe('householdKey', () => {
  const de = (line1: string, line2?: string, postalCode = '10115') => householdKey({ line1, line2, postalCode, country: 'DE' })
  const gb = (line1: string, line2?: string, postalCode = 'SW1A 1AA') => householdKey({ line1, line2, postalCode, country: 'GB' })
  const us = (line1: string, line2?: string, postalCode = '94105') => householdKey({ line1, line2, postalCode, country: 'US' })

  it('is country, postal code, street and unit', () => {
    expect(de('Hauptstraße 5')).toBe('DE|10115|hauptstrasse 5|')
    expect(gb('Flat 2, 15 Baker Street')).toBe('GB|SW1A1AA|15 baker street|2')
  })

  it.each([['Hauptstraße 5'], ['Hauptstrasse 5'], ['Hauptstr. 5'], ['HAUPTSTR 5'], ['  hauptstraße   5 '], ['Hauptstraße, 5']])(
    'German street spellings: %s',
    (line1) => {
      expect(de(line1)).toBe(de('Hauptstraße 5'))
    },
  )

  it('folds a separate "Str." and accents', () => {
    expect(de('Müller Str. 12a')).toBe(de('Muller Strasse 12 a'))
  })

  it.each([['15 Baker St'], ['15 Baker St.'], ['15 baker street'], ['15, Baker Street.']])('English abbreviations: %s', (line1) => {
    expect(gb(line1)).toBe(gb('15 Baker Street'))
  })

  it.each([
    ['1 Market Rd', '1 Market Road'],
    ['1 Market Ave', '1 Market Avenue'],
    ['1 Market Blvd', '1 Market Boulevard'],
    ['1 Market Dr', '1 Market Drive'],
    ['1 Market Ln', '1 Market Lane'],
  ])('%s is %s', (a, b) => {
    expect(us(a)).toBe(us(b))
  })

  it.each([
    ['Flat 2, 15 Baker Street', undefined],
    ['15 Baker Street', 'Flat 2'],
    ['15 Baker Street', 'Apt 2'],
    ['15 Baker Street', 'Apt. 2'],
    ['15 Baker Street', 'Apartment 2'],
    ['15 Baker Street', 'Unit 2'],
    ['15 Baker Street', 'Suite 2'],
    ['15 Baker Street #2', undefined],
    ['15 Baker Street', '# 2'],
    ['2/15 Baker Street', undefined],
    ['2 / 15 Baker St', undefined],
  ])('units: %s / %s', (line1, line2) => {
    expect(gb(line1, line2)).toBe(gb('15 Baker Street', 'Flat 2'))
  })

  it('German units', () => {
    expect(de('Hauptstr. 5', 'Wohnung 3')).toBe(de('Hauptstraße 5', 'Whg. 3'))
    expect(de('Hauptstr. 5', 'Wohnung 3')).toBe(de('Hauptstraße 5 App. 3'))
  })

  it('tells different flats, houses, streets and postal codes apart', () => {
    expect(gb('15 Baker Street', 'Flat 2')).not.toBe(gb('15 Baker Street', 'Flat 3'))
    expect(gb('15 Baker Street', 'Flat 2')).not.toBe(gb('15 Baker Street'))
    expect(de('Hauptstraße 5')).not.toBe(de('Hauptstraße 7'))
    expect(de('Hauptstraße 5')).not.toBe(de('Nebenstraße 5'))
    expect(de('Hauptstraße 5')).not.toBe(de('Hauptstraße 5', undefined, '10117'))
    expect(householdKey({ line1: 'Hauptstraße 5', postalCode: '1010', country: 'AT' })).not.toBe(
      householdKey({ line1: 'Hauptstraße 5', postalCode: '1010', country: 'CH' }),
    )
  })

  it('reads the postal code per country', () => {
    expect(gb('15 Baker Street', undefined, 'sw1a1aa')).toBe(gb('15 Baker Street', undefined, 'SW1A 1AA'))
    expect(us('1 Market St', undefined, '94105-1234')).toBe(us('1 Market Street'))
  })
})

describe('payoutKey', () => {
  it('is the IBAN without spaces, in upper case', () => {
    expect(payoutKey({ method: 'iban', accountHolder: 'Mia', iban: 'de89 3704 0044 0532 0130 00' })).toBe('iban:DE89370400440532013000')
    expect(payoutKey({ method: 'iban', accountHolder: 'Max', iban: 'DE89370400440532013000' })).toBe('iban:DE89370400440532013000')
  })

  it('is the PayPal address in its normal form', () => {
    expect(payoutKey({ method: 'paypal', email: 'Jane.Doe+paypal@GoogleMail.com' })).toBe('paypal:janedoe@gmail.com')
    expect(payoutKey({ method: 'paypal', email: 'jane.doe@web.de' })).toBe('paypal:jane.doe@web.de')
  })

  it('keeps a PayPal address and an account apart, and is null without payout details', () => {
    expect(payoutKey({ method: 'paypal', email: 'DE89370400440532013000@example.com' })).not.toBe(
      payoutKey({ method: 'iban', accountHolder: 'Mia', iban: 'DE89370400440532013000' }),
    )
    expect(payoutKey(null)).toBeNull()
    expect(payoutKey(undefined)).toBeNull()
  })
})

describe('networkKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:0042:1000:8a2e:0370:7334', '2001:db8:85a3:42'],
    ['2001:DB8:85A3:42::1', '2001:db8:85a3:42'],
    ['2001:db8::1', '2001:db8:0:0'],
    ['fe80::1%eth0', 'fe80:0:0:0'],
    ['::1', '0:0:0:0'],
  ])('%s → %s', (address, expected) => {
    expect(networkKey(address)).toBe(expected)
  })

  it('is one network for the addresses a line picks within its /64', () => {
    expect(networkKey('2001:db8:1:2:aaaa::1')).toBe(networkKey('2001:0db8:0001:0002:bbbb:cccc:dddd:eeee'))
    expect(networkKey('2001:db8:1:2::1')).not.toBe(networkKey('2001:db8:1:3::1'))
  })

  it('is null for what is not an IP address', () => {
    expect(networkKey('unknown')).toBeNull()
    expect(networkKey('')).toBeNull()
    expect(networkKey('300.1.1.1')).toBeNull()
  })
})
