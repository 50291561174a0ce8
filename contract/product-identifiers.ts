// The identifiers brands give a product, each optional: its GTIN (the number under the barcode:
// GTIN-8, UPC's 12 digits, EAN's 13 or 14 for a case), the manufacturer's part number and the
// brand's own stock-keeping unit. Search engines match reviews to a product by them.
import * as v from 'valibot'

/** GS1's check digit: the other digits weighted 3 and 1 alternately from the right, to a multiple of ten. */
export function isValidGtin(digits: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(digits)) return false
  let sum = 0
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(digits[i]) * weight
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1])
}

/** A GTIN as typed: spaces and dashes between digit groups are dropped; absent when empty. */
export const GtinSchema = v.pipe(
  v.string(),
  v.transform((typed) => typed.replace(/[\s-]/g, '')),
  v.check((digits) => /^\d{8}$|^\d{12,14}$/.test(digits), 'must be 8, 12, 13 or 14 digits'),
  v.check(isValidGtin, 'its last digit does not match the others (check digit)'),
)

/** A part number or SKU: letters, digits and the punctuation catalogues use, at most 70 characters. */
const code = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'is required'),
  v.maxLength(70, 'at most 70 characters'),
  v.regex(/^[\p{L}\p{N}][\p{L}\p{N} ._/#+-]*$/u, 'letters, digits and . _ / # + - only'),
)

/** What a product form or the command line's campaign file sends: each identifier, or null (or nothing) when the product has none. */
export const ProductIdentifiersInputSchema = {
  gtin: v.optional(v.nullable(GtinSchema), null),
  mpn: v.optional(v.nullable(code), null),
  sku: v.optional(v.nullable(code), null),
}

/** As stored and shown. */
export const ProductIdentifiersSchema = {
  gtin: v.nullable(v.string()),
  mpn: v.nullable(v.string()),
  sku: v.nullable(v.string()),
}
export type ProductIdentifiers = { gtin: string | null; mpn: string | null; sku: string | null }
