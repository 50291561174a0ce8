// The member's one saved shipping address (logistics/v1/members/address).
import * as v from 'valibot'
import { CountrySchema, optionalText, text, type Country } from './common'

/** Postal code shapes of the shipping countries; a wrong shape is caught before a parcel is lost. */
const POSTAL_CODE: Record<Country, RegExp> = {
  US: /^\d{5}(-\d{4})?$/,
  CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
  IE: /^[A-Z\d]{3} ?[A-Z\d]{4}$/i,
  DE: /^\d{5}$/,
  AT: /^\d{4}$/,
  CH: /^\d{4}$/,
  FR: /^\d{5}$/,
  BE: /^\d{4}$/,
  NL: /^\d{4} ?[A-Z]{2}$/i,
  LU: /^(L-)?\d{4}$/i,
  IT: /^\d{5}$/,
  ES: /^\d{5}$/,
  PT: /^\d{4}-\d{3}$/,
  DK: /^\d{4}$/,
  SE: /^\d{3} ?\d{2}$/,
  NO: /^\d{4}$/,
  FI: /^\d{5}$/,
  PL: /^\d{2}-\d{3}$/,
}

export function isValidPostalCode(country: Country, postalCode: string): boolean {
  return POSTAL_CODE[country].test(postalCode.trim())
}

export const AddressInputSchema = v.pipe(
  v.strictObject({
    name: text(120),
    line1: text(200),
    line2: v.optional(optionalText(200)),
    postalCode: v.pipe(v.string(), v.trim(), v.minLength(1, 'is required'), v.maxLength(12)),
    city: text(100),
    region: v.optional(optionalText(100)),
    country: CountrySchema,
  }),
  v.forward(
    v.check((a) => isValidPostalCode(a.country, a.postalCode), 'is not a postal code of this country'),
    ['postalCode'],
  ),
)
export type AddressInput = v.InferInput<typeof AddressInputSchema>

export const AddressSchema = v.strictObject({
  name: v.string(),
  line1: v.string(),
  line2: v.nullable(v.string()),
  postalCode: v.string(),
  city: v.string(),
  region: v.nullable(v.string()),
  country: CountrySchema,
  updatedAt: v.string(),
})
export type Address = v.InferOutput<typeof AddressSchema>

export const AddressResultSchema = v.strictObject({ address: v.nullable(AddressSchema) })
export type AddressResult = v.InferOutput<typeof AddressResultSchema>
