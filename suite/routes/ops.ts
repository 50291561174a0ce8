// The operator console's calls. The capability of each is checked before its handler runs (the
// endpoint table's `capability`, http/auth.ts staffAuth); the services write the audit entries.
import { ENDPOINTS } from '../../contract/endpoints'
import type { SuiteDeps } from '../deps'
import { currentStaff } from '../http/auth'
import type { RegisterRoute } from '../http/endpoint'
import { decideReview } from '../services/reviews'
import { auditCsv, auditPage } from '../staff/audit-log'
import { moderationPhotoFile, moderationQueue } from '../staff/moderation'
import { grantRole, listStaff, revokeRole } from '../staff/roles'
import { isUuid } from '../http/validate'
import { notFound } from '../http/errors'

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
    if (!isUuid(params.id)) throw notFound('Review')
    return decideReview(deps, currentStaff(c), params.id, body)
  })

  route(ENDPOINTS.opsStaff, () => listStaff(deps.db))
  route(ENDPOINTS.opsGrantRole, (c, { body }) => grantRole(deps, currentStaff(c), body.email, body.role))
  route(ENDPOINTS.opsRevokeRole, (c, { body }) => revokeRole(deps, currentStaff(c), body.email, body.role))

  route(ENDPOINTS.opsAudit, (_c, { query }) => auditPage(deps, query))
  route(ENDPOINTS.opsAuditExport, (c, { query }) => {
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Content-Disposition', `attachment; filename="audit-${deps.clock.now().toISOString().slice(0, 10)}.csv"`)
    c.header('Cache-Control', 'no-store')
    return c.body(auditCsv(deps, query))
  })
}
