// Operator commands, shared by the CLI (suite/ops.ts) and the local-mode dev endpoint it uses
// when the suite is running on PGlite (one process may hold the embedded database).
import { and, asc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import { PARTICIPATION_LISTS, type ListName, type OpsCommand } from '../contract/ops'
import { campaigns, flights, members, participations, products, reviews, shipments } from './db/schema'
import type { SuiteDeps } from './deps'
import { approveReview, deliver, issueReturnLabel, markReturned, rejectReview, selectParticipation, ship } from './services/operations'
import { deletePendingIdentities } from './services/account-deletion'
import { purgeExpired } from './services/retention'
import { tellUnchosen } from './services/unchosen'
import { waitlistOrder } from './services/participations'
import { sendReminders } from './services/reminders'
import { memberStanding } from './services/standing'
import { withEligibilityDefaults } from '../contract/campaigns'
import { commandLineActor } from './actors/actor'
import { createCampaignFromDefinition, nextVersion } from './staff/campaign-authoring'
import { recordAudit } from './actors/audit'
import { grantGoodwill, liftSuspension, suspendMember } from './staff/members'
import { grantRole, listStaff, resetSecondFactors, revokeRole } from './staff/roles'
import { currentAuthenticatorCode, enrolKnownAuthenticator } from './services/second-factor'
import { badRequest, notFound } from './http/errors'
import type { TierId } from '../contract/standing'

export async function runOpsCommand(deps: SuiteDeps, cmd: OpsCommand): Promise<unknown> {
  switch (cmd.command) {
    case 'select':
      await selectParticipation(deps, cmd.participationId, commandLineActor())
      return { selected: cmd.participationId }
    case 'ship':
      return { shipped: await ship(deps, cmd.id, cmd.carrier, cmd.tracking, commandLineActor()) }
    case 'deliver':
      return { delivered: await deliver(deps, cmd.id, commandLineActor()) }
    case 'approve-review':
      await approveReview(deps, cmd.reviewId, commandLineActor())
      return { published: cmd.reviewId }
    case 'reject-review':
      await rejectReview(deps, cmd.reviewId, { reason: cmd.code, note: cmd.reason }, commandLineActor())
      return { rejected: cmd.reviewId }
    case 'issue-return-label':
      return { labelIssued: await issueReturnLabel(deps, cmd.id, cmd.labelUrl, commandLineActor()) }
    case 'mark-returned':
      return { returned: await markReturned(deps, cmd.id, commandLineActor()) }
    case 'grant-points':
      return grantPoints(deps, cmd.email, cmd.points, cmd.reason)
    case 'standing':
      return standingOfMember(deps, cmd.email)
    case 'set-min-tier':
      return setMinTier(deps, cmd.campaign, cmd.tier === 'none' ? null : cmd.tier)
    case 'delete-identities':
      return deletePendingIdentities(deps)
    case 'suspend': {
      const member = await memberByEmail(deps, cmd.email)
      return suspendMember(deps, commandLineActor(), member.id, { reason: cmd.reason, note: cmd.note, until: cmd.until })
    }
    case 'lift-suspension':
      return liftSuspension(deps, commandLineActor(), (await memberByEmail(deps, cmd.email)).id)
    case 'staff-grant':
      return grantRole(deps, commandLineActor(), cmd.email, cmd.role)
    case 'staff-revoke':
      return revokeRole(deps, commandLineActor(), cmd.email, cmd.role)
    case 'staff-list':
      return listStaff(deps.db)
    case 'staff-reset-second-factor':
      return resetSecondFactors(deps, commandLineActor(), cmd.email)
    case 'second-factor-code':
      return { code: await currentAuthenticatorCode(deps, await localUid(deps, cmd.email)) }
    case 'second-factor-enrol':
      return { factorId: await enrolKnownAuthenticator(deps, await localUid(deps, cmd.email), cmd.key, 'Test authenticator') }
    case 'purge':
      return purgeExpired(deps, deps.clock.now(), cmd.days ?? deps.settings.retentionDays)
    case 'tell-unchosen':
      return tellUnchosen(deps, deps.clock.now())
    case 'send-reminders':
      return sendReminders(deps, deps.clock.now())
    case 'campaign-create':
      return createCampaignFromDefinition(deps, commandLineActor(), cmd.definition)
    case 'list':
      return list(deps, cmd.what, cmd.campaign)
  }
}

/**
 * The participations in one state, oldest first per campaign, with what the operator needs for the
 * next step: a waitlisted member's place (the order `select` should follow), a selected member's
 * shipment, the date a review is due.
 */
async function listParticipations(deps: SuiteDeps, what: (typeof PARTICIPATION_LISTS)[number], campaignSlug: string | undefined) {
  const state: Record<typeof what, SQL | undefined> = {
    waitlisted: eq(participations.status, 'waitlisted'),
    selected: eq(participations.status, 'selected'),
    shipped: eq(participations.status, 'shipped'),
    // The product is in the member's hands (delivered, or bought in a verified-purchase test) and no
    // review is waiting for moderation or published; a rejected review is to be written again.
    'awaiting-review': or(
      eq(participations.status, 'delivered'),
      and(eq(participations.status, 'selected'), eq(campaigns.kind, 'verified-purchase'), isNotNull(participations.purchaseIntentAckedAt)),
      and(eq(participations.status, 'reviewed'), eq(reviews.status, 'rejected')),
    ),
  }
  const rows = await deps.db
    .select({
      participationId: participations.id,
      campaign: campaigns.slug,
      flight: flights.name,
      member: members.displayName,
      email: members.email,
      status: participations.status,
      // The order freed places are given in: standing tier at sign-up, then sign-up order.
      place: sql<string>`row_number() over (partition by ${participations.flightId} order by ${participations.standingRank} desc, ${participations.seq})`,
      appliedAt: participations.appliedAt,
      reviewDueAt: flights.reviewDueAt,
    })
    .from(participations)
    .innerJoin(campaigns, eq(campaigns.id, participations.campaignId))
    .innerJoin(flights, eq(flights.id, participations.flightId))
    .innerJoin(members, eq(members.id, participations.memberId))
    .leftJoin(reviews, eq(reviews.participationId, participations.id))
    .where(and(state[what], campaignSlug ? eq(campaigns.slug, campaignSlug) : undefined))
    .orderBy(...(what === 'waitlisted' ? [asc(campaigns.slug), ...waitlistOrder] : [asc(campaigns.slug), asc(participations.seq)]))
  return rows.map(({ place, reviewDueAt, appliedAt, ...row }) => ({
    ...row,
    ...(what === 'waitlisted' ? { place: Number(place) } : {}),
    appliedAt: appliedAt.toISOString(),
    ...(what === 'awaiting-review' ? { reviewDueAt: reviewDueAt.toISOString() } : {}),
  }))
}

async function memberByEmail(deps: SuiteDeps, email: string) {
  const [member] = await deps.db
    .select({ id: members.id, email: members.email, displayName: members.displayName })
    .from(members)
    .where(and(eq(members.email, email), isNull(members.pseudonymizedAt)))
  if (!member) throw notFound('Member')
  return member
}

/** What the member sees on their missions page, for support: score, tier, its parts, the next tier. */
async function standingOfMember(deps: SuiteDeps, email: string) {
  const member = await memberByEmail(deps, email)
  return { member: member.displayName, email: member.email, ...(await memberStanding(deps.db, member.id, deps.clock.now())) }
}

/**
 * A campaign open only to members of this tier or higher (null: anyone); sign-ups already made
 * stand. Read and written under the campaign's lock, and saved as a new version of it, so an editor
 * open in the console is told of the change rather than overwriting it.
 */
async function setMinTier(deps: SuiteDeps, slug: string, tier: TierId | null) {
  const actor = commandLineActor()
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.slug, slug)).for('no key update')
    if (!campaign) throw notFound('Campaign')
    const rules = withEligibilityDefaults(campaign.eligibility)
    await tx
      .update(campaigns)
      .set({ eligibility: { ...rules, minTier: tier }, updatedAt: nextVersion(campaign.updatedAt, now), updatedByName: actor.name })
      .where(eq(campaigns.id, campaign.id))
    await recordAudit(
      tx,
      actor,
      {
        action: 'campaign.set-min-tier',
        targetType: 'campaign',
        targetId: campaign.id,
        changes: { before: { minTier: rules.minTier }, after: { minTier: tier } },
      },
      now,
    )
  })
  return { campaign: slug, minTier: tier }
}

/** Goodwill points (a late parcel, a contest prize): the console's support step, as the actor `cli`. */
async function grantPoints(deps: SuiteDeps, email: string, points: number, reason: string) {
  const member = await memberByEmail(deps, email)
  return grantGoodwill(deps, commandLineActor(), member.id, points, reason)
}

async function list(deps: SuiteDeps, what: ListName, campaignSlug: string | undefined) {
  const { db } = deps
  if ((PARTICIPATION_LISTS as readonly string[]).includes(what)) return listParticipations(deps, what as (typeof PARTICIPATION_LISTS)[number], campaignSlug)
  if (what === 'products') {
    // The products a campaign definition can name, with their ids and the identifiers their pages give search engines.
    return db
      .select({
        productId: products.id,
        brand: products.brand,
        name: products.name,
        category: products.category,
        gtin: products.gtin,
        mpn: products.mpn,
        sku: products.sku,
      })
      .from(products)
      .orderBy(asc(products.brand), asc(products.name))
  }
  if (what === 'pending-reviews') {
    return db
      .select({ reviewId: reviews.id, product: products.name, member: members.displayName, rating: reviews.rating, title: reviews.title })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(members, eq(members.id, reviews.memberId))
      .where(eq(reviews.status, 'pending'))
      .orderBy(asc(reviews.submittedAt))
  }
  const rows = await db
    .select({
      shipmentId: shipments.id,
      participationId: shipments.participationId,
      campaign: campaigns.slug,
      member: members.displayName,
      status: shipments.status,
      returnStatus: shipments.returnStatus,
    })
    .from(shipments)
    .innerJoin(participations, eq(participations.id, shipments.participationId))
    .innerJoin(campaigns, eq(campaigns.id, participations.campaignId))
    .innerJoin(members, eq(members.id, shipments.memberId))
    .where(what === 'pending-shipments' ? eq(shipments.status, 'pending') : and(eq(shipments.status, 'delivered')))
    .orderBy(asc(shipments.createdAt))
  return what === 'returns' ? rows.filter((r) => r.returnStatus !== null) : rows
}

/**
 * The uid of the account signing in with this e-mail, for the commands that exist only in local mode
 * (an authenticator's code, a known authenticator): refused anywhere else.
 */
async function localUid(deps: SuiteDeps, email: string): Promise<string> {
  if (deps.settings.mode !== 'local') throw badRequest("Only in local mode: in production a second factor is the person's own")
  const user = await deps.identity.findUserByEmail(email)
  if (!user) throw notFound('Account')
  return user.uid
}
