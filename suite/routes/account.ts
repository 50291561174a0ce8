// The member's account: notification settings, social profiles, referrals, shipments and
// returns, data export (JSON, PDF) and deletion.
import { eq } from 'drizzle-orm'
import { ENDPOINTS } from '../../contract/endpoints'
import { EMAIL_ONLY_TOPICS } from '../../contract/members'
import { members } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { currentMember } from '../http/auth'
import type { RegisterRoute } from '../http/endpoint'
import type { SuiteContext } from '../http/env'
import { notFound } from '../http/errors'
import { referrerByCode } from '../services/members'
import { pseudonymize } from '../services/account-deletion'
import { exportProfile } from '../services/data-export'
import { profilePdf } from '../services/profile-pdf'
import { myReferrals } from '../services/referrals'
import { loadShipments, requestReturn } from '../services/shipments'
import { deleteSocialProfile, listSocialProfiles, saveMemberSocialProfile } from '../services/social'

export function registerAccountRoutes(route: RegisterRoute, deps: SuiteDeps) {
  route(ENDPOINTS.getNotifications, (c) => currentMember(c).notificationSettings)
  route(ENDPOINTS.putNotifications, async (c, { body }) => {
    // A topic sent by e-mail only is stored off by text message: no setting may promise what is never sent.
    const settings = { email: body.email, sms: { ...body.sms, ...Object.fromEntries(EMAIL_ONLY_TOPICS.map((topic) => [topic, false])) } }
    await deps.db
      .update(members)
      .set({ notificationSettings: settings, updatedAt: deps.clock.now() })
      .where(eq(members.id, currentMember(c).id))
    return settings
  })

  route(ENDPOINTS.getSocialProfiles, async (c) => ({ profiles: await listSocialProfiles(deps.db, currentMember(c).id) }))
  route(ENDPOINTS.putSocialProfile, async (c, { body }) => ({ profiles: await saveMemberSocialProfile(deps, currentMember(c).id, body) }))
  route(ENDPOINTS.deleteSocialProfile, async (c, { query }) => {
    const me = currentMember(c)
    if (!(await deleteSocialProfile(deps.db, me.id, query.platform))) throw notFound('Social profile')
    return { profiles: await listSocialProfiles(deps.db, me.id) }
  })

  route(ENDPOINTS.referralCodeCheck, async (c, { body }) => ({ valid: (await referrerByCode(deps.db, body.code, c.get('member')?.id)) !== null }))
  route(ENDPOINTS.myReferrals, (c) => myReferrals(deps.db, currentMember(c)))

  route(ENDPOINTS.shipments, async (c) => ({ shipments: await loadShipments(deps.db, { memberId: currentMember(c).id }) }))
  route(ENDPOINTS.requestReturn, async (c, { params, body }) => {
    return requestReturn(deps.db, currentMember(c).id, params.sid, body, deps.clock.now())
  })

  route(ENDPOINTS.downloadProfile, async (c) => {
    c.header('Cache-Control', 'no-store')
    return exportProfile(deps.db, currentMember(c), deps.clock.now())
  })
  const pdf = async (c: SuiteContext) => {
    const data = await exportProfile(deps.db, currentMember(c), deps.clock.now())
    const bytes = await profilePdf(data)
    c.header('Content-Type', 'application/pdf')
    c.header('Content-Disposition', `attachment; filename="testers-circle-data-${data.exportedAt.slice(0, 10)}.pdf"`)
    c.header('Cache-Control', 'no-store')
    return c.body(new Uint8Array(bytes))
  }
  route(ENDPOINTS.downloadProfilePdf, pdf)
  route(ENDPOINTS.downloadPdf, pdf)

  route(ENDPOINTS.pseudonymize, async (c) => {
    const receipt = await pseudonymize(deps, currentMember(c))
    return { pseudonymizedAt: receipt.deletedAt, receipt }
  })
}
