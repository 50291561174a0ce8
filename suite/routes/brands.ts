// Brand viewers' calls, each scoped to the caller's brand in its own query (http/auth.ts brandAuth
// settles the brand), joining a brand by invitation, and the admins' management of brands.
import { ENDPOINTS } from '../../contract/endpoints'
import type { SuiteDeps } from '../deps'
import { actorOf, currentBrandViewer, currentIdentity, currentStaff } from '../http/auth'
import type { RegisterRoute } from '../http/endpoint'
import { acceptInvitation, brandCampaigns, brandSelf, checkInvitation } from '../services/brands'
import { campaignResults } from '../services/campaign-results'
import { createBrand, inviteBrandUser, listBrands, removeBrandUser, withdrawInvitation } from '../staff/brands'
import { reviewsDownload } from '../staff/review-export'

export function registerBrandRoutes(route: RegisterRoute, deps: SuiteDeps) {
  route(ENDPOINTS.brandSelf, (c) => brandSelf(currentBrandViewer(c)))
  route(ENDPOINTS.brandCampaigns, (c) => brandCampaigns(deps.db, currentBrandViewer(c).brand))
  route(ENDPOINTS.brandCampaignResults, (c, { params }) => campaignResults(deps.db, params.id, deps.clock.now(), currentBrandViewer(c).brand.id))
  route(ENDPOINTS.brandCampaignReviewsCsv, (c, { params }) => {
    const viewer = currentBrandViewer(c)
    return reviewsDownload(c, deps, viewer.actor, params.id, 'csv', viewer.brand.id)
  })
  route(ENDPOINTS.brandCampaignReviewsJson, (c, { params }) => {
    const viewer = currentBrandViewer(c)
    return reviewsDownload(c, deps, viewer.actor, params.id, 'json', viewer.brand.id)
  })

  route(ENDPOINTS.brandCampaignPhotosZip, (c, { params }) => {
    const viewer = currentBrandViewer(c)
    return reviewsDownload(c, deps, viewer.actor, params.id, 'photos', viewer.brand.id)
  })

  route(ENDPOINTS.brandInvitation, (c, { body }) => checkInvitation(deps, currentIdentity(c), body.token))
  route(ENDPOINTS.acceptBrandInvitation, (c, { body }) => {
    const identity = currentIdentity(c)
    // Joining is the person's own action, audited as theirs: they hold no role yet.
    const actor = actorOf(deps, c, identity, [])
    return acceptInvitation(deps, identity, actor, body.token)
  })

  route(ENDPOINTS.opsBrands, () => listBrands(deps.db, deps.clock.now()))
  route(ENDPOINTS.opsCreateBrand, (c, { body }) => {
    c.status(201)
    return createBrand(deps, currentStaff(c), body.name)
  })
  route(ENDPOINTS.opsInviteBrandUser, (c, { params, body }) => {
    c.status(201)
    return inviteBrandUser(deps, currentStaff(c), params.id, body.email)
  })
  route(ENDPOINTS.opsWithdrawBrandInvitation, (c, { params }) => withdrawInvitation(deps, currentStaff(c), params.id, params.invitationId))
  route(ENDPOINTS.opsRemoveBrandUser, (c, { params }) => removeBrandUser(deps, currentStaff(c), params.id, params.uid))
}
