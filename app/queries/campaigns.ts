import { queryOptions } from '@tanstack/react-query'
import type { CampaignDetail, Phase } from '#contract/campaigns'
import { PUBLIC_CAMPAIGN_PATH } from '#contract/paths'
import type { EligibilityFacts } from '~/campaigns/eligibility'
import {
  getCampaignFn,
  listCampaignsFn,
  type CampaignListInput,
} from '~/campaigns/campaigns.functions'
import { getAddressFn, getMemberProfileFn, getSocialProfilesFn } from '~/member/member.functions'
import { unwrap } from '~/upstream/upstream-result'

/** Public campaign data lives under ['campaigns']. */
export const campaignListQuery = (input: CampaignListInput) =>
  queryOptions({
    queryKey: ['campaigns', 'list', input],
    queryFn: async () => unwrap(await listCampaignsFn({ data: input })),
  })

/** An address that cannot name a campaign is simply not found (the 404 page), not a failed call. */
const notFound = { ok: false, failure: { kind: 'not-found', path: PUBLIC_CAMPAIGN_PATH } } as const

export const campaignQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['campaigns', 'detail', idOrSlug],
    queryFn: async () => unwrap(/^[\w-]{1,100}$/.test(idOrSlug) ? await getCampaignFn({ data: { idOrSlug } }) : notFound),
  })

/** How many campaigns a member's board shows per phase (the catalogue is small). */
export const BOARD_SIZE = 24

/** The campaigns of a phase with their full details (rules, screener, flights) for a member's board. */
export const campaignBoardQuery = (phase: Extract<Phase, 'open' | 'upcoming'>) =>
  queryOptions({
    queryKey: ['campaigns', 'board', phase],
    queryFn: async (): Promise<CampaignDetail[]> => {
      const list = unwrap(await listCampaignsFn({ data: { phase, page: 1, pageSize: BOARD_SIZE } }))
      return Promise.all(list.items.map(async (summary) => unwrap(await getCampaignFn({ data: { idOrSlug: summary.id } }))))
    },
  })

/** Member data lives under ['member'] (removed at sign-out). */
export const eligibilityFactsQuery = queryOptions({
  queryKey: ['member', 'eligibility-facts'],
  queryFn: async (): Promise<EligibilityFacts> => {
    const [profile, address, social] = await Promise.all([getMemberProfileFn(), getAddressFn(), getSocialProfilesFn()])
    const member = unwrap(profile)
    return {
      country: unwrap(address).address?.country ?? null,
      birthDate: member.birthDate,
      phoneVerified: member.phoneVerified,
      hasSocialProfile: unwrap(social).profiles.length > 0,
    }
  },
})
