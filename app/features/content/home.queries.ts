import { campaignListQuery } from '~/queries/campaigns'
import { reviewListQuery } from '~/queries/reviews'

// Apart from the page's components, so the route's loader does not bring them into the entry
// chunk (the component is split off and loaded with the page).
/** The home page's live lists: a few current campaigns (open first, then upcoming) and the latest reviews. */
export const homeCampaignsQuery = campaignListQuery({ page: 1, pageSize: 6 })
export const homeReviewsQuery = reviewListQuery({ page: 1, pageSize: 3 })
