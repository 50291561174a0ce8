// Public campaigns, reviews and product images; sign-up and participations.
import { and, eq, ne } from 'drizzle-orm'
import { ENDPOINTS } from '../../contract/endpoints'
import { campaigns } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { currentMember } from '../http/auth'
import type { RegisterRoute } from '../http/endpoint'
import { notFound } from '../http/errors'
import { seenIn } from '../http/sightings'
import { productImage } from '../seed/images'
import { campaignDetail, listCampaigns } from '../services/campaigns'
import { listCategories } from '../services/categories'
import { campaignEligibility } from '../services/eligibility'
import { acknowledge, getParticipation, loadParticipations, processSignup, withdraw } from '../services/participations'
import { listPublicReviews, publicReview } from '../services/reviews'
import { cachedSitemapIndex, sitemapCampaigns, sitemapReviewsCsv } from '../services/sitemap'

export function registerCampaignRoutes(route: RegisterRoute, deps: SuiteDeps) {
  route(ENDPOINTS.publicCampaigns, async (c, { query }) => {
    c.header('Cache-Control', 'public, max-age=30')
    // The public pages' data may lag a little: read from the replica when there is one.
    return deps.reads((db) => listCampaigns(db, query, deps.clock.now()))
  })
  route(ENDPOINTS.publicCategories, () => deps.reads((db) => listCategories(db)))
  route(ENDPOINTS.publicCampaign, async (_c, { params }) => {
    const detail = await deps.reads((db) => campaignDetail(db, params.idOrSlug, deps.clock.now()))
    if (!detail) throw notFound('Campaign')
    return detail
  })
  route(ENDPOINTS.publicReviews, async (c, { query }) => {
    c.header('Cache-Control', 'public, max-age=30')
    return deps.reads((db) => listPublicReviews(db, query))
  })
  // The sitemaps' data: search engines read it a few times a day, so it may be cached for an hour.
  const sitemapIndexParts = cachedSitemapIndex(deps)
  route(ENDPOINTS.publicSitemap, (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return sitemapIndexParts()
  })
  route(ENDPOINTS.publicSitemapCampaigns, (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return deps.reads((db) => sitemapCampaigns(db))
  })
  route(ENDPOINTS.publicSitemapReviews, (c, { query }) => {
    c.header('Content-Type', 'text/csv; charset=utf-8')
    c.header('Cache-Control', 'public, max-age=3600')
    return c.body(sitemapReviewsCsv(deps, query.after ?? null))
  })
  route(ENDPOINTS.publicReview, async (_c, { params }) => {
    const review = await deps.reads((db) => publicReview(db, params.id))
    if (!review) throw notFound('Review')
    return review
  })
  route(ENDPOINTS.publicImage, (c, { params }) => {
    const svg = productImage(params.name)
    if (!svg) throw notFound('Image')
    c.header('Cache-Control', 'public, max-age=86400')
    c.header('Content-Type', 'image/svg+xml; charset=utf-8')
    // The SVGs are ours, but a strict policy keeps a future uploaded one from running script.
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    return c.body(svg)
  })

  route(ENDPOINTS.processSignup, async (c, { body }) => {
    const { participation, created } = await processSignup(deps, currentMember(c), body, seenIn(c, deps.settings.trustedProxies))
    if (created) c.status(201)
    return participation
  })

  route(ENDPOINTS.campaignEligibility, async (c, { query }) => ({
    items: await campaignEligibility(deps.db, currentMember(c), deps.clock.now(), query.campaignId),
  }))

  // A draft is staff's alone: to members it is no campaign at all, exactly as an unknown id.
  const campaignExists = async (cid: string) => {
    const [row] = await deps.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.id, cid), ne(campaigns.status, 'draft')))
    return row !== undefined
  }

  route(ENDPOINTS.campaignParticipations, async (c, { params }) => {
    if (!(await campaignExists(params.cid))) throw notFound('Campaign')
    return { items: await loadParticipations(deps.db, currentMember(c).id, { campaignId: params.cid }) }
  })
  route(ENDPOINTS.campaignParticipation, (c, { params: { cid, pid } }) => getParticipation(deps.db, currentMember(c).id, pid, cid))
  route(ENDPOINTS.withdrawParticipation, async (c, { params: { cid, pid }, body }) => {
    if (body.action === 'withdraw') return withdraw(deps, currentMember(c), cid, pid)
    throw notFound('Action')
  })

  route(ENDPOINTS.participations, async (c, { query }) => ({
    items: await loadParticipations(deps.db, currentMember(c).id, query.status ? { status: query.status } : {}),
  }))
  route(ENDPOINTS.ackQuestionnaire, async (c, { body }) => acknowledge(deps, currentMember(c), body.participationId, 'questionnaire'))
  route(ENDPOINTS.ackVpIntent, async (c, { body }) => acknowledge(deps, currentMember(c), body.participationId, 'purchase-intent'))
}
