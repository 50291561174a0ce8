// The operator console's calls. The capability of each is checked before its handler runs (the
// endpoint table's `capability`, http/auth.ts staffAuth); the services write the audit entries.
import { reviewsDownload } from '../staff/review-export'
import { campaignResults } from '../services/campaign-results'
import { ENDPOINTS } from '../../contract/endpoints'
import type { SuiteDeps } from '../deps'
import { currentStaff, requireRecentSignIn } from '../http/auth'
import { readUpload } from '../http/upload'
import { GOODWILL_POINTS_WITHOUT_REAUTH } from '../../contract/ops-members'
import { flightApplicants, opsCampaigns, selectApplicants } from '../staff/applicants'
import { setCampaignStatus } from '../staff/campaigns'
import { listNewsletters, sendNewsletter } from '../staff/newsletters'
import { addFlight, campaignForEdit, createCampaign, deleteFlight, previewCampaign, updateCampaign, updateFlight } from '../staff/campaign-authoring'
import { createProduct, listProducts, updateProduct } from '../staff/products'
import {
  goodwillGrantedToday,
  grantGoodwill,
  liftSuspension,
  opsMember,
  resendVerification,
  searchMembers,
  suspendMember,
  withdrawOnRequest,
} from '../staff/members'
import { importTracking, opsShipments, pendingShipmentsCsv, shipmentAction, trackingFileRefused } from '../staff/shipments'
import type { RegisterRoute } from '../http/endpoint'
import { decideReview } from '../services/reviews'
import { auditCsv, auditPage } from '../staff/audit-log'
import { limitedExport } from '../staff/export-limits'
import { moderationPhotoFile, moderationQueue } from '../staff/moderation'
import { grantRole, listStaff, resetSecondFactors, revokeRole } from '../staff/roles'
import { ruleNotSamePerson, withdrawLinkRuling } from '../staff/link-rulings'
import { createCategory, listOpsCategories, renameCategory } from '../staff/categories'

export function registerOpsRoutes(route: RegisterRoute, deps: SuiteDeps) {
  route(ENDPOINTS.staffSelf, (c) => {
    const staff = currentStaff(c)
    return { uid: staff.uid, email: staff.email, name: staff.name, roles: staff.roles, capabilities: staff.capabilities }
  })

  route(ENDPOINTS.opsModerationQueue, (_c, { query }) => moderationQueue(deps, query))
  route(ENDPOINTS.opsReviewPhoto, async (c, { params }) => {
    const bytes = await moderationPhotoFile(deps, params.id, params.size)
    c.header('Content-Type', 'image/jpeg')
    c.header('Cache-Control', 'private, max-age=600')
    c.header('Content-Security-Policy', "default-src 'none'")
    return c.body(new Uint8Array(bytes))
  })
  route(ENDPOINTS.opsDecideReview, (c, { params, body }) => {
    const { submittedAt, ...verdict } = body
    return decideReview(deps, currentStaff(c), params.id, { ...verdict, seenSubmittedAt: submittedAt })
  })

  route(ENDPOINTS.opsStaff, () => listStaff(deps.db))
  route(ENDPOINTS.opsGrantRole, (c, { body }) => grantRole(deps, currentStaff(c), body.email, body.role))
  route(ENDPOINTS.opsRevokeRole, (c, { body }) => revokeRole(deps, currentStaff(c), body.email, body.role))
  route(ENDPOINTS.opsResetSecondFactor, (c, { body }) => resetSecondFactors(deps, currentStaff(c), body.email))

  route(ENDPOINTS.opsCategories, () => listOpsCategories(deps.db))
  route(ENDPOINTS.opsCreateCategory, (c, { body }) => {
    c.status(201)
    return createCategory(deps, currentStaff(c), body)
  })
  route(ENDPOINTS.opsRenameCategory, (c, { params, body }) => renameCategory(deps, currentStaff(c), params.slug, body.name))

  route(ENDPOINTS.opsAudit, (_c, { query }) => auditPage(deps, query))
  route(ENDPOINTS.opsAuditExport, async (c, { query }) => {
    const staff = currentStaff(c)
    const stream = await limitedExport(deps, staff, () => auditCsv(deps, staff, query))
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="audit-${deps.clock.now().toISOString().slice(0, 10)}.csv"`)
    c.header('Cache-Control', 'no-store')
    return c.body(stream)
  })
}

/** A tracking file is read up to this size (5,000 rows with the export's address columns fit well within it). */
const TRACKING_FILE_MAX_BYTES = 2 * 1024 * 1024

export function registerOpsWorkRoutes(route: RegisterRoute, deps: SuiteDeps) {
  route(ENDPOINTS.opsCampaigns, () => opsCampaigns(deps))
  route(ENDPOINTS.opsProducts, () => listProducts(deps.db))
  route(ENDPOINTS.opsCreateProduct, (c, { body }) => {
    c.status(201)
    return createProduct(deps, currentStaff(c), body)
  })
  route(ENDPOINTS.opsUpdateProduct, (c, { params, body }) => {
    const { editedVersion, ...input } = body
    return updateProduct(deps, currentStaff(c), params.id, input, editedVersion)
  })
  route(ENDPOINTS.opsCampaignStatus, (c, { params, body }) => setCampaignStatus(deps, currentStaff(c), params.id, body.status))
  route(ENDPOINTS.opsNewsletters, () => listNewsletters(deps.db))
  route(ENDPOINTS.opsSendNewsletter, (c, { body }) => {
    c.status(201)
    return sendNewsletter(deps, currentStaff(c), body)
  })
  route(ENDPOINTS.opsCampaign, (_c, { params }) => campaignForEdit(deps.db, params.id, deps.clock.now()))
  route(ENDPOINTS.opsCampaignPreview, (_c, { params }) => previewCampaign(deps.db, params.id, deps.clock.now()))
  route(ENDPOINTS.opsCampaignResults, (_c, { params }) => campaignResults(deps.db, params.id, deps.clock.now()))
  route(ENDPOINTS.opsCampaignReviewsCsv, (c, { params }) => reviewsDownload(c, deps, currentStaff(c), params.id, 'csv'))
  route(ENDPOINTS.opsCampaignReviewsJson, (c, { params }) => reviewsDownload(c, deps, currentStaff(c), params.id, 'json'))
  route(ENDPOINTS.opsCampaignPhotosZip, (c, { params }) => reviewsDownload(c, deps, currentStaff(c), params.id, 'photos'))
  route(ENDPOINTS.opsCreateCampaign, (c, { body }) => {
    c.status(201)
    return createCampaign(deps, currentStaff(c), body)
  })
  route(ENDPOINTS.opsUpdateCampaign, (c, { params, body }) => updateCampaign(deps, currentStaff(c), params.id, body.campaign, body.editedVersion))
  route(ENDPOINTS.opsCreateFlight, (c, { params, body }) => addFlight(deps, currentStaff(c), params.id, body.flight, body.editedVersion))
  route(ENDPOINTS.opsUpdateFlight, (c, { params, body }) => updateFlight(deps, currentStaff(c), params.id, params.flightId, body.flight, body.editedVersion))
  route(ENDPOINTS.opsDeleteFlight, (c, { params, query }) => deleteFlight(deps, currentStaff(c), params.id, params.flightId, query.editedVersion))
  route(ENDPOINTS.opsApplicants, (_c, { params, query }) => flightApplicants(deps, params.id, query))
  route(ENDPOINTS.opsSelect, (c, { params, body }) =>
    selectApplicants(deps, currentStaff(c), params.id, body.participationIds, { confirmLinked: body.confirmLinked === true }),
  )

  route(ENDPOINTS.opsShipments, (_c, { query }) => opsShipments(deps, query))
  route(ENDPOINTS.opsShipmentAction, (c, { params, body }) => shipmentAction(deps, currentStaff(c), params.id, body))
  route(ENDPOINTS.opsPendingShipmentsCsv, async (c, { query }) => {
    const staff = currentStaff(c)
    const stream = await limitedExport(deps, staff, () => pendingShipmentsCsv(deps, staff, query.campaign))
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="pending-shipments-${deps.clock.now().toISOString().slice(0, 10)}.csv"`)
    c.header('Cache-Control', 'no-store')
    return c.body(stream)
  })
  route(ENDPOINTS.opsTrackingImport, async (c, { query }) => {
    const bytes = await readUpload(c, TRACKING_FILE_MAX_BYTES, trackingFileRefused)
    return importTracking(deps, currentStaff(c), bytes, query.apply === 'true')
  })

  route(ENDPOINTS.opsMembers, (c, { query }) => searchMembers(deps, currentStaff(c), query))
  route(ENDPOINTS.opsMember, (c, { params }) => opsMember(deps, currentStaff(c), params.id))
  route(ENDPOINTS.opsGrantPoints, async (c, { params, body }) => {
    // Many points in a day, at once or a grant at a time, could be a taken-over staff account's
    // doing: past the limit each grant needs a recent sign-in.
    const staff = currentStaff(c)
    if ((await goodwillGrantedToday(deps, staff)) + body.points > GOODWILL_POINTS_WITHOUT_REAUTH) requireRecentSignIn(c, deps)
    return grantGoodwill(deps, staff, params.id, body.points, body.reason, body.requestId)
  })
  route(ENDPOINTS.opsWithdrawForMember, (c, { params, body }) => withdrawOnRequest(deps, currentStaff(c), params.id, params.pid, body.note))
  route(ENDPOINTS.opsResendVerification, (c, { params }) => resendVerification(deps, currentStaff(c), params.id))
  route(ENDPOINTS.opsSuspendMember, (c, { params, body }) => suspendMember(deps, currentStaff(c), params.id, body))
  route(ENDPOINTS.opsLiftSuspension, (c, { params }) => liftSuspension(deps, currentStaff(c), params.id))
  route(ENDPOINTS.opsRuleLink, (c, { params, body }) => ruleNotSamePerson(deps, currentStaff(c), params.id, params.linkedId, body.note))
  route(ENDPOINTS.opsWithdrawLinkRuling, (c, { params }) => withdrawLinkRuling(deps, currentStaff(c), params.id, params.linkedId))
}
