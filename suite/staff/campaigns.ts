// A campaign's lifecycle in the console: publish a draft (or an archived campaign again) once it has
// what a member needs, archive a published one. Each change audited with before and after.
import { count, eq } from 'drizzle-orm'
import type { CampaignStatus } from '../../contract/campaigns'
import type { PUBLISH_REQUIREMENTS } from '../../contract/ops-campaigns'
import { campaigns, flights, products } from '../db/schema'
import type { Tx } from '../db/client'
import type { SuiteDeps } from '../deps'
import { conflict, notFound } from '../http/errors'
import type { StaffActor } from '../actors/actor'
import { recordAudit } from '../actors/audit'

type Requirement = (typeof PUBLISH_REQUIREMENTS)[number]

/**
 * Everything a member needs before a campaign is shown: a product with an image, a flight to sign up
 * for, a review to write. The product row is held (FOR SHARE) until the caller's transaction ends, so
 * its last image cannot go meanwhile.
 */
export async function missingForPublishing(tx: Tx, campaign: { productId: string; reviewTask: boolean; flights: number }): Promise<Requirement[]> {
  const [product] = await tx.select({ images: products.images }).from(products).where(eq(products.id, campaign.productId)).for('share')
  const missing: Requirement[] = []
  if (!product || product.images.length === 0) missing.push('product-image')
  if (campaign.flights === 0) missing.push('flight')
  if (!campaign.reviewTask) missing.push('review-task')
  return missing
}

export async function setCampaignStatus(deps: SuiteDeps, actor: StaffActor, campaignId: string, status: Exclude<CampaignStatus, 'draft'>) {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    // No key update: sign-ups of its flights (whose participations reference it) are not held up.
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for('no key update')
    if (!campaign) throw notFound('Campaign')
    if (campaign.status === status) throw conflict(`The campaign is ${status} already`)
    if (status === 'published') {
      const [flightCount] = await tx.select({ n: count() }).from(flights).where(eq(flights.campaignId, campaign.id))
      const missing = await missingForPublishing(tx, { productId: campaign.productId, reviewTask: campaign.tasks.review, flights: Number(flightCount?.n ?? 0) })
      if (missing.length > 0) throw conflict(`The campaign cannot be published yet: it needs ${missing.join(', ')}`, { code: 'not-publishable', missing })
    }
    await tx.update(campaigns).set({ status }).where(eq(campaigns.id, campaign.id))
    await recordAudit(
      tx,
      actor,
      { action: 'campaign.status', targetType: 'campaign', targetId: campaign.id, changes: { before: { status: campaign.status }, after: { status } } },
      now,
    )
    return { campaignId: campaign.id, status }
  })
}
