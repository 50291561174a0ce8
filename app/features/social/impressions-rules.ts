// Impressions as the member types them: whole numbers from 0, the member API's limits.
import * as v from 'valibot'
import { ImpressionsBodySchema } from '#contract/content'

export const IMPRESSION_FIELDS = ['reach', 'likes', 'comments', 'shares'] as const
export type ImpressionField = (typeof IMPRESSION_FIELDS)[number]
export const MAX_COUNT = 1_000_000_000

/** Reads "1,200" or "1 200" as 1200; anything else that is not a whole number from 0 is a problem. */
export function parseCount(raw: unknown): number | null {
  if (typeof raw !== 'string') return null
  const cleaned = raw.trim().replace(/[\s,]/g, '')
  if (!/^\d{1,10}$/.test(cleaned)) return null
  const value = Number(cleaned)
  return value <= MAX_COUNT ? value : null
}

/** A number as typed, read with parseCount and checked by the contract's rule for it (null is refused). */
const typedCount = (field: ImpressionField) =>
  v.pipe(
    v.string(),
    v.transform((text: string) => parseCount(text)),
    ImpressionsBodySchema.entries[field],
  )

/** The impressions form's values (the numbers as typed), giving the numbers the member API takes. */
export const ImpressionsFormSchema = v.strictObject({
  reach: typedCount('reach'),
  likes: typedCount('likes'),
  comments: typedCount('comments'),
  shares: typedCount('shares'),
})
