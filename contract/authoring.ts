// Campaign authoring in the console: products first (a campaign tests one), with the same care for
// bad input as the member side. Their images are in product-images.ts.
import * as v from 'valibot'
import { CategorySchema, text } from './common'
import { OpsProductImageSchema } from './product-images'
import { ProductIdentifiersInputSchema, ProductIdentifiersSchema } from './product-identifiers'

/** The currencies of the countries the community ships to. */
export const CURRENCIES = ['EUR', 'GBP', 'USD', 'CHF', 'SEK', 'DKK', 'NOK', 'PLN', 'CAD'] as const
export type Currency = (typeof CURRENCIES)[number]

const isoTime = v.pipe(v.string(), v.isoTimestamp('must be an ISO time'))

export const ProductInputSchema = v.strictObject({
  brand: text(80),
  name: text(120),
  description: v.pipe(v.string(), v.trim(), v.minLength(10, 'at least 10 characters'), v.maxLength(4000, 'at most 4000 characters')),
  category: CategorySchema,
  /** The shop price, in cents of the currency. */
  retailValueCents: v.pipe(v.number(), v.integer('must be whole cents'), v.minValue(0), v.maxValue(10_000_000)),
  currency: v.picklist(CURRENCIES, 'must be one of the shipping countries’ currencies'),
  ...ProductIdentifiersInputSchema,
})
export type ProductInput = v.InferOutput<typeof ProductInputSchema>

/** An edit names the version it was made on: someone else's save in between is not overwritten. */
export const ProductUpdateBodySchema = v.strictObject({ ...ProductInputSchema.entries, editedVersion: isoTime })

export const OpsProductSchema = v.strictObject({
  id: v.string(),
  brand: v.string(),
  name: v.string(),
  description: v.string(),
  category: CategorySchema,
  retailValueCents: v.number(),
  currency: v.string(),
  ...ProductIdentifiersSchema,
  /** In their order; changed by their own endpoints, which leave the product's version as it is. */
  images: v.array(OpsProductImageSchema),
  /** The version to send back with an edit. */
  updatedAt: v.string(),
  updatedBy: v.nullable(v.string()),
  campaigns: v.number(),
})
export type OpsProduct = v.InferOutput<typeof OpsProductSchema>
export const OpsProductListSchema = v.strictObject({ items: v.array(OpsProductSchema) })
