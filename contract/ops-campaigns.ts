// The campaign lifecycle in the console: publishing and archiving a campaign.
import * as v from 'valibot'
import { CAMPAIGN_STATUSES } from './campaigns'

export const CampaignStatusBodySchema = v.strictObject({
  status: v.picklist(['published', 'archived'], 'must be published or archived'),
})
/** What a member needs of a campaign before it can be published; each missing part named. */
export const PUBLISH_REQUIREMENTS = ['product-image', 'flight', 'review-task'] as const
export const CampaignStatusResultSchema = v.strictObject({ campaignId: v.string(), status: v.picklist(CAMPAIGN_STATUSES) })
