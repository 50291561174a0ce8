import type { QueryClient } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import type { ParsedLocation } from '@tanstack/react-router'
import type { CampaignDetail, PublicReview } from '#contract/campaigns'
import { loadViewer } from '~/auth/viewer'
import { campaignEligibilityQuery, campaignQuery } from '~/features/campaigns/campaigns.queries'
import { loadOptionalData, loadPageData } from '~/upstream/load-page-data'
import { addressQuery, campaignParticipationsQuery } from '~/lib/member-data/member-data.queries'
import { loadCategoryNames } from '~/lib/categories/categories.queries'
import { i18n } from '~/i18n/i18n'
import { cardImageOf, pageHead, publicPageHead, publicUrlOf } from '~/lib/page-head'
import { breadcrumbData, campaignProductData } from '~/lib/structured-data'

/**
 * A campaign page's data: the campaign (an unknown one is the 404 page), the categories' names when
 * its rules ask for interests, and, for a signed-in member, what decides their call to action
 * (address, their sign-ups, whether the rules let them apply). `alongside` loads, beside those,
 * what the page shows of another feature once the campaign is known.
 */
export async function loadCampaignPage(
  queryClient: QueryClient,
  idOrSlug: string,
  location: ParsedLocation,
  alongside?: (campaign: CampaignDetail) => Promise<unknown>,
): Promise<void> {
  const campaign = await loadPageData(queryClient, campaignQuery(idOrSlug), location)
  await Promise.all([
    loadCategoryNames(queryClient, location, (campaign?.eligibility.interests.length ?? 0) > 0),
    loadMemberSide(queryClient, campaign, location),
    campaign && alongside?.(campaign),
  ])
}

async function loadMemberSide(queryClient: QueryClient, campaign: CampaignDetail | undefined, location: ParsedLocation) {
  const viewer = await loadViewer(queryClient)
  if (!campaign || !viewer.signedIn) return
  const address = await loadOptionalData(queryClient, addressQuery, location)
  if (!address?.address) return
  await Promise.all([
    loadOptionalData(queryClient, campaignParticipationsQuery(campaign.id), location),
    campaign.flights.some((f) => f.phase === 'open') ? loadOptionalData(queryClient, campaignEligibilityQuery(campaign.id), location) : undefined,
  ])
}

/**
 * A campaign page's head, from the campaign loaded above: the product test it offers, listed under
 * its slug, with its latest reviews in what search engines read.
 */
export function campaignHead(queryClient: QueryClient, idOrSlug: string, latestReviews: (campaignId: string) => readonly PublicReview[]) {
  const campaign = queryClient.getQueryData(campaignQuery(idOrSlug).queryKey)
  if (!campaign) return pageHead(msg`Product test`)
  const origin = publicUrlOf(queryClient)
  const { title } = campaign
  const latest = latestReviews(campaign.id)
  return publicPageHead(queryClient, {
    title: msg`${title} — free product test`,
    description: campaign.summary,
    canonicalPath: `/en/ready-to-test/${encodeURIComponent(campaign.slug)}`,
    image: cardImageOf(campaign.product.images),
    structuredData: [
      campaignProductData(origin, campaign, latest),
      breadcrumbData(origin, [
        { name: i18n._(msg`Home`), path: '/en' },
        { name: i18n._(msg`Campaigns`), path: '/en/campaign-details' },
        { name: title, path: `/en/ready-to-test/${encodeURIComponent(campaign.slug)}` },
      ]),
    ],
  })
}
