import { queryOptions } from '@tanstack/react-query'
import type { CampaignEligibility, CampaignSummary, Phase } from '#contract/campaigns'
import { PUBLIC_CAMPAIGN_PATH } from '#contract/paths'
import type { CampaignListInput } from '~/features/campaigns/campaign-inputs'
import { getCampaignFn, getEligibilityFn, listCampaignsFn } from '~/features/campaigns/campaigns.functions'
import { unwrap } from '~/upstream/upstream-result'

/** Public campaign data lives under ['campaigns']. */
export const campaignListQuery = (input: CampaignListInput) =>
  queryOptions({
    queryKey: ['campaigns', 'list', input],
    queryFn: async () => unwrap(await listCampaignsFn({ data: input })),
  })

/** The home page's campaigns (open first, then upcoming): a few are shown. */
export const homeCampaignsQuery = campaignListQuery({ page: 1, pageSize: 6 })

/** An address that cannot name a campaign is simply not found (the 404 page), not a failed call. */
const notFound = { ok: false, failure: { kind: 'not-found', path: PUBLIC_CAMPAIGN_PATH } } as const

export const campaignQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['campaigns', 'detail', idOrSlug],
    queryFn: async () => unwrap(/^[\w-]{1,100}$/.test(idOrSlug) ? await getCampaignFn({ data: { idOrSlug } }) : notFound),
  })

/** How many campaigns a member's board shows per phase (the catalogue is small). */
export const BOARD_SIZE = 24

/** The campaigns of a phase for a member's board (whether they may apply comes from eligibilityQuery). */
export const campaignBoardQuery = (phase: Extract<Phase, 'open' | 'upcoming'>) =>
  queryOptions({
    queryKey: ['campaigns', 'board', phase],
    queryFn: async (): Promise<CampaignSummary[]> => unwrap(await listCampaignsFn({ data: { phase, page: 1, pageSize: BOARD_SIZE } })).items,
  })

/**
 * Whether the member may apply to each open and upcoming campaign, and why not (the member API's
 * answer). Member data lives under ['member'] (removed at sign-out).
 */
export const eligibilityQuery = queryOptions({
  queryKey: ['member', 'eligibility'],
  queryFn: async (): Promise<CampaignEligibility[]> => unwrap(await getEligibilityFn({ data: {} })).items,
})

/** The member and one campaign (by id): may they apply, and why not. */
export const campaignEligibilityQuery = (campaignId: string) =>
  queryOptions({
    queryKey: ['member', 'eligibility', campaignId],
    queryFn: async (): Promise<CampaignEligibility | null> => unwrap(await getEligibilityFn({ data: { campaignId } })).items[0] ?? null,
  })
