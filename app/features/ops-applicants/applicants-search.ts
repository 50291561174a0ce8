import * as v from 'valibot'
import { Uuid } from '#contract/common'
import { APPLICANT_VIEWS, type ApplicantView, type OpsCampaignList } from '#contract/ops-applicants'

/**
 * The campaign (by its address name), flight, view, page and whether only linked applicants are
 * shown (`linked=yes`), as the address gives them (read loosely by the route, so none of the
 * console's code rides in every page's script): what is not valid is left out, and the view falls
 * back to the waiting applicants.
 */
const ApplicantsAddressSchema = v.object({
  campaign: v.fallback(v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(120))), undefined),
  flight: v.fallback(v.optional(Uuid), undefined),
  view: v.fallback(v.optional(v.picklist(APPLICANT_VIEWS), 'waiting'), 'waiting'),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100_000)), 1), 1),
  linked: v.fallback(v.optional(v.literal('yes')), undefined),
})
export type ApplicantsAddress = {
  campaign?: string | undefined
  flight?: string | undefined
  view: ApplicantView
  page: number
  /** Only applicants with links that count. */
  linked?: 'yes' | undefined
}

export function applicantsAddressOf(search: Record<string, unknown>): ApplicantsAddress {
  return v.parse(ApplicantsAddressSchema, search)
}

export type OpsCampaign = OpsCampaignList['items'][number]
export type OpsFlight = OpsCampaign['flights'][number]

/**
 * The flight the address names, among the campaigns: the campaign by its address name, then its
 * flight by id, or its first flight when none (or another campaign's) is named. Null until a
 * campaign is chosen.
 */
export function chosenFlight(campaigns: OpsCampaignList, address: ApplicantsAddress): { campaign: OpsCampaign; flight: OpsFlight } | null {
  const campaign = campaigns.items.find((item) => item.slug === address.campaign)
  const flight = campaign?.flights.find((item) => item.id === address.flight) ?? campaign?.flights[0]
  return campaign && flight ? { campaign, flight } : null
}
