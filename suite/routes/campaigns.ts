// Public campaigns, reviews and product images; sign-up and participations.
import type { Hono } from 'hono'
import { CampaignEligibilityQuerySchema, CampaignListQuerySchema, ReviewListQuerySchema } from '../../contract/campaigns'
import { AckBodySchema, ParticipationListQuerySchema, ParticipationPatchBodySchema, ProcessSignupBodySchema } from '../../contract/participations'
import {
  ACK_QUESTIONNAIRE_PATH,
  ACK_VP_INTENT_PATH,
  CAMPAIGN_ELIGIBILITY_PATH,
  CAMPAIGN_PARTICIPATIONS_PATH,
  CAMPAIGN_PARTICIPATION_PATH,
  PARTICIPATIONS_PATH,
  PROCESS_SIGNUP_PATH,
  PUBLIC_CAMPAIGNS_PATH,
  PUBLIC_CAMPAIGN_PATH,
  PUBLIC_CATEGORIES_PATH,
  PUBLIC_IMAGE_PATH,
  PUBLIC_REVIEWS_PATH,
  PUBLIC_REVIEW_PATH,
} from '../../contract/paths'
import { eq } from 'drizzle-orm'
import { campaigns } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { currentMember, memberAuth } from '../http/auth'
import type { SuiteEnv } from '../http/env'
import { notFound } from '../http/errors'
import { ok } from '../http/respond'
import { isUuid, parseBody, parseQuery } from '../http/validate'
import { campaignDetail, categoryCounts, listCampaigns } from '../services/campaigns'
import { campaignEligibility } from '../services/eligibility'
import { acknowledge, getParticipation, loadParticipations, processSignup, withdraw } from '../services/participations'
import { listPublicReviews, publicReview } from '../services/reviews'
import { productImage } from '../seed/images'

export function registerCampaignRoutes(app: Hono<SuiteEnv>, deps: SuiteDeps) {
  const member = memberAuth(deps)

  app.get(`/${PUBLIC_CAMPAIGNS_PATH}`, async (c) => {
    const query = parseQuery(c, CampaignListQuerySchema)
    c.header('Cache-Control', 'public, max-age=30')
    return ok(c, await listCampaigns(deps.db, query, deps.clock.now()))
  })
  app.get(`/${PUBLIC_CATEGORIES_PATH}`, async (c) => ok(c, await categoryCounts(deps.db)))
  app.get(`/${PUBLIC_CAMPAIGN_PATH}`, async (c) => {
    const idOrSlug = c.req.param('idOrSlug')
    const detail = /^[\w-]{1,100}$/.test(idOrSlug) ? await campaignDetail(deps.db, idOrSlug, deps.clock.now()) : null
    if (!detail) throw notFound('Campaign')
    return ok(c, detail)
  })
  app.get(`/${PUBLIC_REVIEWS_PATH}`, async (c) => {
    const query = parseQuery(c, ReviewListQuerySchema)
    c.header('Cache-Control', 'public, max-age=30')
    return ok(c, await listPublicReviews(deps.db, query))
  })
  app.get(`/${PUBLIC_REVIEW_PATH}`, async (c) => {
    const id = c.req.param('id')
    const review = isUuid(id) ? await publicReview(deps.db, id) : null
    if (!review) throw notFound('Review')
    return ok(c, review)
  })
  app.get(`/${PUBLIC_IMAGE_PATH}`, (c) => {
    const svg = productImage(c.req.param('name'))
    if (!svg) throw notFound('Image')
    c.header('Cache-Control', 'public, max-age=86400')
    c.header('Content-Type', 'image/svg+xml; charset=utf-8')
    // The SVGs are ours, but a strict policy keeps a future uploaded one from running script.
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    return c.body(svg)
  })

  app.post(`/${PROCESS_SIGNUP_PATH}`, member, async (c) => {
    const body = await parseBody(c, ProcessSignupBodySchema)
    const { participation, created } = await processSignup(deps, currentMember(c), body)
    return ok(c, participation, created ? 201 : 200)
  })

  app.get(`/${CAMPAIGN_ELIGIBILITY_PATH}`, member, async (c) => {
    const query = parseQuery(c, CampaignEligibilityQuerySchema)
    return ok(c, { items: await campaignEligibility(deps.db, currentMember(c), deps.clock.now(), query.campaignId) })
  })

  const campaignExists = async (cid: string) => {
    if (!isUuid(cid)) return false
    const [row] = await deps.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, cid))
    return row !== undefined
  }

  app.get(`/${CAMPAIGN_PARTICIPATIONS_PATH}`, member, async (c) => {
    const cid = c.req.param('cid')
    if (!(await campaignExists(cid))) throw notFound('Campaign')
    return ok(c, { items: await loadParticipations(deps.db, currentMember(c).id, { campaignId: cid }) })
  })
  app.get(`/${CAMPAIGN_PARTICIPATION_PATH}`, member, async (c) => {
    const { cid, pid } = c.req.param()
    if (!isUuid(cid) || !isUuid(pid)) throw notFound('Participation')
    return ok(c, await getParticipation(deps.db, currentMember(c).id, pid, cid))
  })
  app.patch(`/${CAMPAIGN_PARTICIPATION_PATH}`, member, async (c) => {
    const { cid, pid } = c.req.param()
    const body = await parseBody(c, ParticipationPatchBodySchema)
    if (!isUuid(cid) || !isUuid(pid)) throw notFound('Participation')
    if (body.action === 'withdraw') return ok(c, await withdraw(deps, currentMember(c), cid, pid))
    throw notFound('Action')
  })

  app.get(`/${PARTICIPATIONS_PATH}`, member, async (c) => {
    const query = parseQuery(c, ParticipationListQuerySchema)
    return ok(c, { items: await loadParticipations(deps.db, currentMember(c).id, query.status ? { status: query.status } : {}) })
  })
  app.post(`/${ACK_QUESTIONNAIRE_PATH}`, member, async (c) => {
    const body = await parseBody(c, AckBodySchema)
    return ok(c, await acknowledge(deps, currentMember(c), body.participationId, 'questionnaire'))
  })
  app.post(`/${ACK_VP_INTENT_PATH}`, member, async (c) => {
    const body = await parseBody(c, AckBodySchema)
    return ok(c, await acknowledge(deps, currentMember(c), body.participationId, 'purchase-intent'))
  })
}

