// What the editor reads from the member API's refusals, by their reason codes: an edit made on an
// older version, and what a campaign lacks before it can be published.
import type { OpsCampaignDetail } from '#contract/campaign-authoring'
import type { ENDPOINTS } from '#contract/endpoints'
import type { PUBLISH_REQUIREMENTS } from '#contract/ops-campaigns'
import { refusalOf } from '~/upstream/upstream-result'

export type PublishRequirement = (typeof PUBLISH_REQUIREMENTS)[number]

/** Every save of the campaign or of its flights may be refused as made on an older version. */
type CampaignSave = typeof ENDPOINTS.opsUpdateCampaign | typeof ENDPOINTS.opsCreateFlight | typeof ENDPOINTS.opsUpdateFlight | typeof ENDPOINTS.opsDeleteFlight

/**
 * A save refused because the version the edit was made on is not the campaign's any more (someone
 * saved in between). The campaign is read again to say who and when.
 */
export function isStaleEdit(error: unknown): boolean {
  return refusalOf<CampaignSave>(error)?.code === 'stale-edit'
}

/** The parts a refused publication names, in the order the contract lists them; none for any other failure. */
export function missingForPublishing(error: unknown): PublishRequirement[] {
  const refusal = refusalOf<typeof ENDPOINTS.opsCampaignStatus>(error)
  return refusal?.code === 'not-publishable' ? [...refusal.missing] : []
}

/**
 * What of a refused publication's missing parts the campaign still lacks, as the editor knows it
 * now: a flight added or the review task ticked since is no longer said to be missing.
 */
export function stillMissing(
  missing: readonly PublishRequirement[],
  campaign: Pick<OpsCampaignDetail, 'flights' | 'tasks'>,
  productHasImage: boolean,
): PublishRequirement[] {
  const met: Record<PublishRequirement, boolean> = {
    'product-image': productHasImage,
    flight: campaign.flights.length > 0,
    'review-task': campaign.tasks.review,
  }
  return missing.filter((requirement) => !met[requirement])
}
