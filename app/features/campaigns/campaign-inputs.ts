// What the public campaign server functions accept (campaigns.functions.ts). A module of its own: in
// the browser those functions are calls by id and their validators are left out, so nothing imports
// this there, and the campaign contract it builds on stays out of the script every page loads.
import * as v from 'valibot'
import { PhaseSchema } from '#contract/campaigns'
import { CategorySchema } from '#contract/common'

export const CampaignListInputSchema = v.strictObject({
  phase: v.optional(PhaseSchema),
  category: v.optional(CategorySchema),
  page: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000))),
  pageSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(50))),
})
export type CampaignListInput = v.InferOutput<typeof CampaignListInputSchema>

/** An id (uuid) or a slug, as the member API accepts them. */
export const CampaignRefSchema = v.pipe(v.string(), v.trim(), v.regex(/^[\w-]{1,100}$/))
