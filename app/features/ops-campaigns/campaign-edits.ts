// What the editor reads from the member API's refusals: an edit made on an older version, and what
// a campaign lacks before it can be published.
import type { OpsCampaignDetail } from '#contract/campaign-authoring'
import { PUBLISH_REQUIREMENTS } from '#contract/staff'
import { isUpstreamError } from '~/upstream/upstream-result'

export type PublishRequirement = (typeof PUBLISH_REQUIREMENTS)[number]

/**
 * A 409 without field errors on a save of the campaign or of a flight: the version the edit was
 * made on is not the campaign's any more (someone saved in between). The campaign is read again to
 * say who and when.
 */
export function isStaleEdit(error: unknown): boolean {
  return isUpstreamError(error) && error.failure.kind === 'rejected' && error.failure.httpStatus === 409 && !error.failure.fields
}

/**
 * The parts a refused publication names ("…it needs product-image, flight"), in the order the
 * contract lists them; none for any other failure.
 */
export function missingForPublishing(error: unknown): PublishRequirement[] {
  if (!isUpstreamError(error) || error.failure.kind !== 'rejected' || error.failure.httpStatus !== 409) return []
  const named = (error.failure.message ?? '')
    .split(/needs?/)
    .slice(1)
    .join(' ')
  const words = new Set(named.split(/[^a-z-]+/))
  return PUBLISH_REQUIREMENTS.filter((requirement) => words.has(requirement))
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
