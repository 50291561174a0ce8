// Brand viewers: who they are, their brand's campaigns, and joining a brand by invitation. Every
// read here is scoped by the viewer's brand in its own query: a campaign of another brand is not
// found, exactly as one that does not exist.
import { createHash, randomBytes } from 'node:crypto'
import { and, asc, desc, eq, max, min, ne, type SQL } from 'drizzle-orm'
import type { BrandCampaignList, BrandInvitation, BrandRef, BrandSelf, InvitationState } from '../../contract/brands'
import type { Executor } from '../db/client'
import { brandInvitations, brands, brandUsers, campaigns, flights, products } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { badRequest, conflict, forbidden, notFound } from '../http/errors'
import type { VerifiedIdentity } from '../identity/identity'
import { rolesOf, type StaffActor } from '../actors/actor'
import { recordAudit } from '../actors/audit'

/** A signed-in brand user: their one brand, and themselves as an actor for the audit entries of their exports. */
export interface BrandViewer {
  brand: BrandRef
  actor: StaffActor
}

export async function brandOfUser(ex: Executor, uid: string): Promise<BrandRef | null> {
  const [row] = await ex
    .select({ id: brands.id, name: brands.name })
    .from(brandUsers)
    .innerJoin(brands, eq(brands.id, brandUsers.brandId))
    .where(eq(brandUsers.uid, uid))
  return row ?? null
}

export function brandSelf(viewer: BrandViewer): BrandSelf {
  return { uid: viewer.actor.uid, email: viewer.actor.email, name: viewer.actor.name, brand: viewer.brand }
}

/** The brand's campaigns, drafts aside (they are the community's work in progress), newest first. */
export async function brandCampaigns(ex: Executor, brand: BrandRef): Promise<BrandCampaignList> {
  const rows = await ex
    .select({
      id: campaigns.id,
      title: campaigns.title,
      productName: products.name,
      status: campaigns.status,
      startsAt: min(flights.signupOpensAt),
      endsAt: max(flights.reviewDueAt),
    })
    .from(campaigns)
    .innerJoin(products, eq(products.id, campaigns.productId))
    .leftJoin(flights, eq(flights.campaignId, campaigns.id))
    .where(and(eq(products.brandId, brand.id), ne(campaigns.status, 'draft')))
    .groupBy(campaigns.id, products.name)
    .orderBy(desc(min(flights.signupOpensAt)), asc(campaigns.title))
  return {
    brand,
    items: rows.map((row) => ({
      ...row,
      startsAt: row.startsAt ? new Date(row.startsAt).toISOString() : null,
      endsAt: row.endsAt ? new Date(row.endsAt).toISOString() : null,
    })),
  }
}

/**
 * The condition every brand call about one campaign adds to its query of the campaign (joined to
 * its product): the brand owns it and it is past draft. Another brand's campaign is then not found,
 * exactly as an unknown one. No condition for staff, who read every brand's.
 */
export function ownedByBrand(brandId: string | null): SQL | undefined {
  return brandId === null ? undefined : and(eq(products.brandId, brandId), ne(campaigns.status, 'draft'))
}

// ---- Invitations

/** An invitation link's secret: 32 random bytes. Only its hash is stored. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashInvitationToken(token) }
}

export const hashInvitationToken = (token: string) => createHash('sha256').update(`brand-invitation.v1.${token}`).digest('hex')

export function invitationState(row: { acceptedAt: Date | null; withdrawnAt: Date | null; expiresAt: Date }, now: Date): InvitationState {
  if (row.acceptedAt) return 'accepted'
  if (row.withdrawnAt) return 'withdrawn'
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open'
}

const sameAddress = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.toLowerCase()

async function invitationByToken(ex: Executor, token: string) {
  const [row] = await ex
    .select({ invitation: brandInvitations, brand: { id: brands.id, name: brands.name } })
    .from(brandInvitations)
    .innerJoin(brands, eq(brands.id, brandInvitations.brandId))
    .where(eq(brandInvitations.tokenHash, hashInvitationToken(token)))
  // An unknown token and a mistyped one look the same: nothing tells a guesser which tokens exist.
  if (!row) throw notFound('Invitation')
  return row
}

/** What the invitation offers, shown to the signed-in person before they accept. */
export async function checkInvitation(deps: SuiteDeps, identity: VerifiedIdentity, token: string): Promise<BrandInvitation> {
  const { invitation, brand } = await invitationByToken(deps.db, token)
  return {
    brand,
    email: invitation.email,
    expiresAt: invitation.expiresAt.toISOString(),
    state: invitationState(invitation, deps.clock.now()),
    forYou: sameAddress(identity.email, invitation.email),
    emailVerified: identity.emailVerified,
  }
}

/**
 * Joins the brand: the invitation must be open and sent to the signed-in account's own e-mail,
 * confirmed (a link forwarded to someone else must not let them make an account with the invited
 * address and join). A person is one brand's user:
 * someone already with another brand is refused; staff are refused too, since staff already read
 * every brand's results and a brand account is for people outside the community.
 */
export async function acceptInvitation(deps: SuiteDeps, identity: VerifiedIdentity, actor: StaffActor, token: string): Promise<BrandSelf> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const { invitation, brand } = await invitationByToken(tx, token)
    const [locked] = await tx.select().from(brandInvitations).where(eq(brandInvitations.id, invitation.id)).for('update')
    const state = invitationState(locked!, now)
    // The same link again, by the account that used it: harmless while they still follow the brand.
    if (state === 'accepted' && locked!.acceptedUid === identity.uid && (await brandOfUser(tx, identity.uid))?.id === brand.id) {
      return { uid: identity.uid, email: identity.email, name: identity.name, brand }
    }
    if (state !== 'open') throw conflict(`This invitation is ${state}: ask the person who invited you for a new one`, { code: 'invitation-closed', state })
    if (!sameAddress(identity.email, invitation.email)) {
      throw forbidden(`This invitation was sent to ${invitation.email}: sign in with that address to accept it`)
    }
    if (!identity.emailVerified) throw badRequest('Confirm your e-mail address first, then accept the invitation', undefined, { code: 'email-unconfirmed' })
    if ((await rolesOf(tx, identity.uid)).length > 0)
      throw badRequest('Staff accounts already see every brand: accept the invitation with an account that holds no staff role', undefined, {
        code: 'staff-account',
      })
    const current = await brandOfUser(tx, identity.uid)
    if (current && current.id !== brand.id)
      throw conflict(`This account already follows ${current.name}: a brand user belongs to one brand`, { code: 'other-brand' })
    if (!current) {
      const joined = await tx
        .insert(brandUsers)
        .values({ uid: identity.uid, brandId: brand.id, email: invitation.email, name: identity.name ?? '', joinedAt: now, invitedBy: invitation.invitedBy })
        .onConflictDoNothing()
        .returning({ uid: brandUsers.uid })
      // Another invitation accepted by the same account at the same moment won the race.
      if (joined.length === 0) throw conflict('This account joined a brand meanwhile: a brand user belongs to one brand', { code: 'other-brand' })
    }
    await tx.update(brandInvitations).set({ acceptedAt: now, acceptedUid: identity.uid }).where(eq(brandInvitations.id, invitation.id))
    await recordAudit(
      tx,
      actor,
      { action: 'brand.join', targetType: 'brand', targetId: brand.id, changes: { before: null, after: { uid: identity.uid, invitation: invitation.id } } },
      now,
    )
    return { uid: identity.uid, email: identity.email, name: identity.name, brand }
  })
}
