// Admins manage brands: add one, invite its users by e-mail (a link that expires), withdraw an
// invitation, remove a user. Each change is audited in its own transaction; an invitee is not a
// member, so the audit names invitations by id and never copies their address.
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { BRAND_INVITATION_DAYS, type OpsBrand, type OpsBrandInvitation, type OpsBrandList } from '../../contract/brands'
import type { Executor } from '../db/client'
import { brandInvitations, brands, brandUsers } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { badRequest, notFound } from '../http/errors'
import { invitationState, newInvitationToken } from '../services/brands'
import { messageLinks, sendToAddress } from '../services/notify'
import type { StaffActor } from '../actors/actor'
import { recordAudit } from '../actors/audit'

const DAY_MS = 24 * 60 * 60 * 1000
/** An invitation not accepted stays on the admins' list this long after it would have expired; then it is in the audit log only. */
const LISTED_AFTER_END_DAYS = 30

type InvitationRow = typeof brandInvitations.$inferSelect

const toInvitation = (row: InvitationRow, now: Date): OpsBrandInvitation => ({
  id: row.id,
  email: row.email,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  state: invitationState(row, now),
})

export async function listBrands(ex: Executor, now: Date): Promise<OpsBrandList> {
  const [rows, users, invitations] = await Promise.all([
    ex
      .select({
        id: brands.id,
        name: brands.name,
        products: sql<number>`(select count(*) from products p where p.brand_id = brands.id)`.mapWith(Number),
        campaigns: sql<number>`(select count(*) from campaigns c join products p on p.id = c.product_id where p.brand_id = brands.id)`.mapWith(Number),
      })
      .from(brands)
      .orderBy(sql`lower(${brands.name})`),
    ex.select().from(brandUsers).orderBy(brandUsers.email),
    // Those not accepted, sent within the days an invitation lasts and 30 more.
    ex
      .select()
      .from(brandInvitations)
      .where(
        and(
          isNull(brandInvitations.acceptedAt),
          sql`${brandInvitations.createdAt} > ${new Date(now.getTime() - (BRAND_INVITATION_DAYS + LISTED_AFTER_END_DAYS) * DAY_MS).toISOString()}`,
        ),
      )
      .orderBy(desc(brandInvitations.createdAt)),
  ])
  return {
    items: rows.map((brand) => ({
      ...brand,
      users: users
        .filter((user) => user.brandId === brand.id)
        .map((user) => ({ uid: user.uid, email: user.email, name: user.name, joinedAt: user.joinedAt.toISOString() })),
      invitations: invitations.filter((row) => row.brandId === brand.id).map((row) => toInvitation(row, now)),
    })),
  }
}

export async function createBrand(deps: SuiteDeps, actor: StaffActor, name: string): Promise<OpsBrand> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    // One brand per name, case aside: products name their brand by it.
    const [row] = await tx.insert(brands).values({ name, createdAt: now }).onConflictDoNothing().returning()
    if (!row) throw badRequest(`A brand named ${name} exists already`, { name: ['exists already'] })
    await recordAudit(tx, actor, { action: 'brand.create', targetType: 'brand', targetId: row.id, changes: { before: null, after: { name } } }, now)
    return { id: row.id, name: row.name, products: 0, campaigns: 0, users: [], invitations: [] }
  })
}

async function requireBrand(ex: Executor, brandId: string) {
  const [brand] = await ex.select().from(brands).where(eq(brands.id, brandId))
  if (!brand) throw notFound('Brand')
  return brand
}

/**
 * Sends an invitation to join the brand: a link carrying a one-time token (only its hash is kept)
 * that works for BRAND_INVITATION_DAYS. An open invitation to the same address is withdrawn, so
 * only the newest link works.
 */
export async function inviteBrandUser(deps: SuiteDeps, actor: StaffActor, brandId: string, email: string): Promise<OpsBrandInvitation> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const brand = await requireBrand(tx, brandId)
    const [member] = await tx
      .select({ uid: brandUsers.uid })
      .from(brandUsers)
      .where(and(eq(brandUsers.brandId, brand.id), eq(brandUsers.email, email)))
    if (member) throw badRequest(`${email} is a user of ${brand.name} already`, { email: ['is a user of this brand already'] })
    const replaced = await tx
      .update(brandInvitations)
      .set({ withdrawnAt: now })
      .where(
        and(
          eq(brandInvitations.brandId, brand.id),
          eq(brandInvitations.email, email),
          isNull(brandInvitations.acceptedAt),
          isNull(brandInvitations.withdrawnAt),
          sql`${brandInvitations.expiresAt} > ${now.toISOString()}`,
        ),
      )
      .returning({ id: brandInvitations.id })
    const { token, hash } = newInvitationToken()
    const [row] = await tx
      .insert(brandInvitations)
      .values({
        brandId: brand.id,
        email,
        tokenHash: hash,
        invitedBy: actor.uid,
        createdAt: now,
        expiresAt: new Date(now.getTime() + BRAND_INVITATION_DAYS * DAY_MS),
      })
      .returning()
    const links = messageLinks(deps)
    await sendToAddress(
      tx,
      deps,
      { channel: 'email', address: email },
      {
        template: 'brand-invitation',
        params: {
          brand: brand.name,
          inviter: actor.name ?? actor.email ?? 'Testers Circle',
          days: BRAND_INVITATION_DAYS,
          link: `${links.portal}/${links.locale}/join-brand?token=${token}`,
        },
      },
    )
    await recordAudit(
      tx,
      actor,
      [
        ...replaced.map((old) => ({
          action: 'brand.withdraw-invitation' as const,
          targetType: 'brand' as const,
          targetId: brand.id,
          changes: { before: { invitation: old.id, state: 'open' }, after: { invitation: old.id, state: 'withdrawn' } },
        })),
        {
          action: 'brand.invite',
          targetType: 'brand',
          targetId: brand.id,
          changes: { before: null, after: { invitation: row!.id, expiresAt: row!.expiresAt.toISOString() } },
        },
      ],
      now,
    )
    return toInvitation(row!, now)
  })
}

/** Withdraws an open invitation of this brand: its link stops working. One of another brand is not found. */
export async function withdrawInvitation(deps: SuiteDeps, actor: StaffActor, brandId: string, invitationId: string): Promise<OpsBrandInvitation> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const brand = await requireBrand(tx, brandId)
    const [row] = await tx
      .select()
      .from(brandInvitations)
      .where(and(eq(brandInvitations.id, invitationId), eq(brandInvitations.brandId, brand.id)))
      .for('update')
    if (!row) throw notFound('Invitation')
    const state = invitationState(row, now)
    if (state !== 'open') return toInvitation(row, now)
    const [updated] = await tx.update(brandInvitations).set({ withdrawnAt: now }).where(eq(brandInvitations.id, row.id)).returning()
    await recordAudit(
      tx,
      actor,
      {
        action: 'brand.withdraw-invitation',
        targetType: 'brand',
        targetId: brand.id,
        changes: { before: { invitation: row.id, state }, after: { invitation: row.id, state: 'withdrawn' } },
      },
      now,
    )
    return toInvitation(updated!, now)
  })
}

/** Removes a user from the brand: their next call is refused. */
export async function removeBrandUser(deps: SuiteDeps, actor: StaffActor, brandId: string, uid: string): Promise<{ removed: boolean }> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const brand = await requireBrand(tx, brandId)
    const removed = await tx
      .delete(brandUsers)
      .where(and(eq(brandUsers.brandId, brand.id), eq(brandUsers.uid, uid)))
      .returning({ uid: brandUsers.uid })
    if (removed.length > 0) {
      await recordAudit(tx, actor, { action: 'brand.remove-user', targetType: 'brand', targetId: brand.id, changes: { before: { uid }, after: null } }, now)
    }
    return { removed: removed.length > 0 }
  })
}
