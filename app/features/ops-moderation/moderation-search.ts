import * as v from 'valibot'
import { MODERATION_SORTS } from '#contract/ops-moderation'
import type { ModerationInput } from './moderation.functions'

/**
 * The queue's place as the address gives it (read loosely by the route, so none of the console's
 * code rides in every page's script): a value that is not valid falls back to the first page,
 * oldest first, unfiltered.
 */
const ModerationAddressSchema = v.object({
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)), 1), 1),
  sort: v.fallback(v.optional(v.picklist(MODERATION_SORTS), 'oldest'), 'oldest'),
  campaign: v.fallback(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(120))), undefined),
  rating: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5))), undefined),
  q: v.fallback(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(100))), undefined),
})

export function moderationInputOf(search: Record<string, unknown>): ModerationInput {
  return v.parse(ModerationAddressSchema, search)
}
