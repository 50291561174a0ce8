// The member's account: notification settings, social profiles, referrals, shipments and
// returns, data export (JSON, PDF) and deletion.
import type { Hono } from 'hono'
import {
  DownloadPdfBodySchema,
  NotificationSettingsSchema,
  PseudonymizeBodySchema,
  ReferralCodeCheckBodySchema,
  SocialProfileDeleteQuerySchema,
  SocialProfileInputSchema,
} from '../../contract/members'
import { ReturnRequestBodySchema } from '../../contract/participations'
import {
  DOWNLOAD_PDF_PATH,
  DOWNLOAD_PROFILE_PATH,
  DOWNLOAD_PROFILE_PDF_PATH,
  MY_REFERRALS_PATH,
  NOTIFICATIONS_PATH,
  PSEUDONYMIZE_PATH,
  REFERRAL_CODE_CHECK_PATH,
  SHIPMENTS_PATH,
  SHIPMENT_RETURN_PATH,
  SOCIAL_PROFILES_PATH,
} from '../../contract/paths'
import { eq } from 'drizzle-orm'
import { members } from '../db/schema'
import type { SuiteDeps } from '../deps'
import type { SuiteContext } from '../http/env'
import { currentMember, memberAuth, optionalMemberAuth, recentSignIn } from '../http/auth'
import type { SuiteEnv } from '../http/env'
import { notFound } from '../http/errors'
import { ok } from '../http/respond'
import { isUuid, parseBody, parseQuery } from '../http/validate'
import { referrerByCode } from '../services/members'
import { syncMissions } from '../services/missions'
import { exportProfile, profilePdf, pseudonymize } from '../services/privacy'
import { myReferrals } from '../services/referrals'
import { loadShipments, requestReturn } from '../services/shipments'
import { deleteSocialProfile, listSocialProfiles, saveSocialProfile } from '../services/social'

export function registerAccountRoutes(app: Hono<SuiteEnv>, deps: SuiteDeps) {
  const member = memberAuth(deps)

  app.get(`/${NOTIFICATIONS_PATH}`, member, (c) => ok(c, currentMember(c).notificationSettings))
  app.put(`/${NOTIFICATIONS_PATH}`, member, async (c) => {
    const body = await parseBody(c, NotificationSettingsSchema)
    await deps.db.update(members).set({ notificationSettings: body, updatedAt: deps.clock.now() }).where(eq(members.id, currentMember(c).id))
    return ok(c, body)
  })

  app.get(`/${SOCIAL_PROFILES_PATH}`, member, async (c) => ok(c, { profiles: await listSocialProfiles(deps.db, currentMember(c).id) }))
  app.put(`/${SOCIAL_PROFILES_PATH}`, member, async (c) => {
    const body = await parseBody(c, SocialProfileInputSchema)
    const me = currentMember(c)
    const now = deps.clock.now()
    await deps.db.transaction(async (tx) => {
      await saveSocialProfile(tx, me.id, body, now)
      await syncMissions(tx, me.id, now)
    })
    return ok(c, { profiles: await listSocialProfiles(deps.db, me.id) })
  })
  app.delete(`/${SOCIAL_PROFILES_PATH}`, member, async (c) => {
    const query = parseQuery(c, SocialProfileDeleteQuerySchema)
    const me = currentMember(c)
    if (!(await deleteSocialProfile(deps.db, me.id, query.platform))) throw notFound('Social profile')
    return ok(c, { profiles: await listSocialProfiles(deps.db, me.id) })
  })

  app.post(`/${REFERRAL_CODE_CHECK_PATH}`, optionalMemberAuth(deps), async (c) => {
    const body = await parseBody(c, ReferralCodeCheckBodySchema)
    return ok(c, { valid: (await referrerByCode(deps.db, body.code, c.get('member')?.id)) !== null })
  })
  app.get(`/${MY_REFERRALS_PATH}`, member, async (c) => ok(c, await myReferrals(deps.db, currentMember(c))))

  app.get(`/${SHIPMENTS_PATH}`, member, async (c) => ok(c, { shipments: await loadShipments(deps.db, { memberId: currentMember(c).id }) }))
  app.post(`/${SHIPMENT_RETURN_PATH}`, member, async (c) => {
    const body = await parseBody(c, ReturnRequestBodySchema)
    const sid = c.req.param('sid')
    if (!isUuid(sid)) throw notFound('Shipment')
    return ok(c, await requestReturn(deps.db, currentMember(c).id, sid, body, deps.clock.now()))
  })

  app.get(`/${DOWNLOAD_PROFILE_PATH}`, member, async (c) => {
    c.header('Cache-Control', 'no-store')
    return ok(c, await exportProfile(deps.db, currentMember(c), deps.clock.now()))
  })
  const pdf = async (c: SuiteContext) => {
    const data = await exportProfile(deps.db, currentMember(c), deps.clock.now())
    const bytes = await profilePdf(data)
    c.header('Content-Type', 'application/pdf')
    c.header('Content-Disposition', `attachment; filename="testers-circle-data-${data.exportedAt.slice(0, 10)}.pdf"`)
    c.header('Cache-Control', 'no-store')
    return c.body(new Uint8Array(bytes))
  }
  app.get(`/${DOWNLOAD_PROFILE_PDF_PATH}`, member, pdf)
  app.post(`/${DOWNLOAD_PDF_PATH}`, member, async (c) => {
    await parseBody(c, DownloadPdfBodySchema)
    return pdf(c)
  })

  app.post(`/${PSEUDONYMIZE_PATH}`, member, recentSignIn(deps), async (c) => {
    await parseBody(c, PseudonymizeBodySchema)
    const receipt = await pseudonymize(deps, currentMember(c))
    return ok(c, { pseudonymizedAt: receipt.deletedAt, receipt })
  })
}
