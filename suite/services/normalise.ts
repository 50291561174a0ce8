// Normal forms that tell when two accounts are one person or one household. Pure functions: the
// same input always gives the same key, so keys can be stored, indexed and compared.
//
// E-mail addresses (normaliseEmail):
// - the whole address is lower-cased (no provider we ship to treats case as significant);
// - googlemail.com is gmail.com (Google delivers both to one mailbox);
// - Gmail ignores dots in the local part and everything from a "+": both are dropped;
// - Proton (proton.me, protonmail.com, protonmail.ch, pm.me) ignores dots, hyphens and underscores
//   in the local part and delivers "+tag" addresses to the mailbox: all of them are dropped;
// - Outlook/Hotmail/Live/MSN, iCloud (icloud.com, me.com, mac.com) and Fastmail deliver "+tag"
//   addresses to the mailbox but treat dots as significant: only the "+tag" is dropped;
// - any other domain is only lower-cased (its own rules are unknown).
//
// Postal addresses (householdKey): "country|postal code|street|unit", where
// - the postal code is upper-cased with spaces and hyphens removed (Luxembourg's "L-" prefix and
//   the US ZIP+4 extension dropped);
// - the street (line 1 and line 2 together) is lower-cased, accents removed (ß is ss), punctuation
//   turned into spaces, runs of spaces folded, a letter after a house number joined to it ("12 a"
//   is "12a") and common abbreviations spelt out: str/straße → strasse (also at the end of a word:
//   "Hauptstr." is "hauptstrasse"), st → street, rd → road, ave/av → avenue, blvd/bd → boulevard,
//   dr → drive, ln → lane, ct → court, pl → place, sq → square, hwy → highway, pkwy → parkway,
//   cres → crescent, ter/terr → terrace, gdns → gardens (so "St" for "Saint" folds to "street" as
//   well: both addresses fold the same way, which is all a key needs);
// - a flat or unit number, written "Flat 2", "Apt 2", "Apt. 2", "Apartment 2", "Unit 2",
//   "Suite 2", "#2", "Wohnung 2", "Whg. 2", "App. 2", "Appartement 2" or "2/15 Smith St" (unit 2
//   of number 15), is taken out of the street and kept as the unit, lower-cased ("No." and "Ste"
//   are left alone: they also mean a house number and "Sainte").
// Town and region are left out: the postal code places the street, and towns are spelt many ways.
//
// Payout accounts (payoutKey): "iban:" and the IBAN without spaces in upper case, or "paypal:" and
// the PayPal e-mail address in its normal form (normaliseEmail: PayPal pays into that mailbox).
//
// Network addresses (networkKey): an IPv4 address as it is; an IPv6 address by its /64 prefix (the
// network a provider gives one line: the device picks, and changes, the rest itself), written as
// four groups of lower-case hexadecimal without leading zeros.
import { isIPv4, isIPv6 } from 'node:net'
import type { Country } from '../../contract/common'
import type { Payout } from '../../contract/members'

const GMAIL = new Set(['gmail.com', 'googlemail.com'])
const PROTON = new Set(['proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me'])
const PLUS_TAGS = new Set([
  'outlook.com',
  'outlook.de',
  'outlook.fr',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.de',
  'hotmail.fr',
  'live.com',
  'live.co.uk',
  'live.de',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'fastmail.com',
  'fastmail.fm',
])

/** The address a mailbox is reached at, in the one form shared by the addresses that reach it. */
export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase()
  const at = lower.lastIndexOf('@')
  if (at <= 0) return lower
  let local = lower.slice(0, at)
  let domain = lower.slice(at + 1)
  const withoutTag = () => {
    const plus = local.indexOf('+')
    return plus > 0 ? local.slice(0, plus) : local
  }
  if (GMAIL.has(domain)) {
    domain = 'gmail.com'
    local = withoutTag().replaceAll('.', '')
  } else if (PROTON.has(domain)) {
    local = withoutTag().replace(/[._-]/g, '')
  } else if (PLUS_TAGS.has(domain)) {
    local = withoutTag()
  }
  return `${local}@${domain}`
}

export function normalisePostalCode(country: Country, postalCode: string): string {
  let code = postalCode.toUpperCase().replace(/[\s-]/g, '')
  if (country === 'LU') code = code.replace(/^L(?=\d)/, '')
  if (country === 'US') code = code.slice(0, 5)
  return code
}

const ABBREVIATIONS: Record<string, string> = {
  str: 'strasse',
  st: 'street',
  rd: 'road',
  ave: 'avenue',
  av: 'avenue',
  blvd: 'boulevard',
  bd: 'boulevard',
  dr: 'drive',
  ln: 'lane',
  ct: 'court',
  pl: 'place',
  sq: 'square',
  hwy: 'highway',
  pkwy: 'parkway',
  cres: 'crescent',
  ter: 'terrace',
  terr: 'terrace',
  gdns: 'gardens',
}

/** Lower case, no accents (ß is ss), punctuation but "#" and "/" turned into spaces. */
function plain(text: string): string {
  return text
    .toLowerCase()
    .replaceAll('ß', 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}#/]+/gu, ' ')
}

const UNIT_WORDS = '(?:flat|apt|apartment|unit|suite|ste|wohnung|whg|app|appt|appartement)'
const UNIT = new RegExp(`(?:^|\\s)(?:${UNIT_WORDS}\\s*#?|#)\\s*([\\p{L}\\p{N}]+)(?=\\s|$)`, 'u')
const UNIT_SLASH = /(?:^|\s)([\p{L}\p{N}]+)\s*\/\s*(\d+\p{L}?)(?=\s|$)/u

/** The unit (flat, apartment) of a street line and the street line without it. */
function splitUnit(street: string): { street: string; unit: string } {
  const named = UNIT.exec(street)
  if (named?.[1]) return { street: street.replace(named[0], ' '), unit: named[1] }
  const slashed = UNIT_SLASH.exec(street)
  if (slashed?.[1] && slashed[2]) return { street: street.replace(slashed[0], ` ${slashed[2]}`), unit: slashed[1] }
  return { street, unit: '' }
}

function foldStreet(street: string): string {
  return street
    .replace(/[#/]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      if (ABBREVIATIONS[word]) return ABBREVIATIONS[word]
      // German street names are compounds: "Hauptstr" is "Hauptstrasse".
      if (word.length > 3 && word.endsWith('str')) return `${word}asse`
      return word
    })
    .join(' ')
    .replace(/(\d) (\p{L})(?= |$)/gu, '$1$2')
}

export type PostalAddress = { line1: string; line2?: string | null; postalCode: string; country: Country }

/** The household an address belongs to: equal for the ways one door is written. */
export function householdKey(address: PostalAddress): string {
  const { street, unit } = splitUnit(plain(`${address.line1} ${address.line2 ?? ''}`).trim())
  return [address.country, normalisePostalCode(address.country, address.postalCode), foldStreet(street), unit].join('|')
}

/** The account a payout goes to, in one form for the ways it is written; null without payout details. */
export function payoutKey(payout: Payout | null | undefined): string | null {
  if (!payout) return null
  if (payout.method === 'iban') return `iban:${payout.iban.replace(/\s+/g, '').toUpperCase()}`
  return `paypal:${normaliseEmail(payout.email)}`
}

/** The eight groups of an IPv6 address, "::" filled in (an IPv4 tail counts as two groups). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.toLowerCase().split('::') as [string, string | undefined]
  const groups = (part: string) => (part ? part.split(':') : []).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]))
  const left = groups(head)
  if (tail === undefined) return left
  const right = groups(tail)
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
}

/** The network an address belongs to, in one form (null when it is not an IP address). */
export function networkKey(address: string): string | null {
  const plainAddress = address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
  if (isIPv4(plainAddress)) return plainAddress
  const unzoned = plainAddress.replace(/%.*$/, '')
  if (!isIPv6(unzoned)) return null
  return ipv6Groups(unzoned)
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')
}
