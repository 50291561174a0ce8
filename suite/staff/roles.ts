// Staff roles: who holds which, granted and revoked by an admin (or the command line), each change
// audited in its own transaction. Reading a person's roles (rolesOf) is in actors/actor.ts.
import { asc, eq, and } from 'drizzle-orm'
import type { Role, RoleChangeResult, StaffList } from '../../contract/staff'
import type { Executor } from '../db/client'
import { staffRoles } from '../db/schema'
import type { SuiteDeps } from '../deps'
import { badRequest } from '../http/errors'
import type { StaffActor } from '../actors/actor'
import { recordAudit } from '../actors/audit'
import { removeAllSecondFactors } from '../services/second-factor'

export async function listStaff(ex: Executor): Promise<StaffList> {
  const rows = await ex.select().from(staffRoles).orderBy(asc(staffRoles.email), asc(staffRoles.role))
  const byUid = new Map<string, StaffList['items'][number]>()
  for (const row of rows) {
    let person = byUid.get(row.uid)
    if (!person) {
      person = { uid: row.uid, email: row.email, name: row.name, roles: [] }
      byUid.set(row.uid, person)
    }
    person.roles.push({ role: row.role, grantedAt: row.grantedAt.toISOString(), grantedBy: row.grantedBy })
  }
  return { items: [...byUid.values()] }
}

/** The Firebase user with this e-mail; a clear refusal when nobody has signed up with it. */
async function userByEmail(deps: SuiteDeps, email: string) {
  const user = await deps.identity.findUserByEmail(email)
  // A 400 on the field, not a 404: the address typed is what is wrong, and the console shows it beside the field.
  if (!user) throw badRequest(`No account signs in with ${email}: the person signs up first, then gets a role`, { email: ['has no account'] })
  return user
}

/**
 * Gives the person a role. Only an account whose address is confirmed gets one: whoever signs up
 * first with a future colleague's address, and never opens the mail sent there, must not receive
 * the role meant for them.
 */
export async function grantRole(deps: SuiteDeps, actor: StaffActor, email: string, role: Role): Promise<RoleChangeResult> {
  const user = await userByEmail(deps, email)
  if (!user.emailVerified) {
    throw badRequest(
      `${email} is not confirmed: the person opens the confirmation e-mail first, then gets a role`,
      { email: ['is not confirmed'] },
      { code: 'email-unconfirmed' },
    )
  }
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(staffRoles)
      .values({ uid: user.uid, role, email: user.email, name: user.displayName ?? '', grantedAt: now, grantedBy: actor.uid })
      .onConflictDoNothing()
      .returning({ role: staffRoles.role })
    const changed = inserted.length > 0
    if (changed) {
      await recordAudit(tx, actor, { action: 'role.grant', targetType: 'staff', targetId: user.uid, changes: { before: null, after: { role } } }, now)
    }
    return { uid: user.uid, email: user.email, role, changed }
  })
}

export async function revokeRole(deps: SuiteDeps, actor: StaffActor, email: string, role: Role): Promise<RoleChangeResult> {
  const user = await userByEmail(deps, email)
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(staffRoles)
      .where(and(eq(staffRoles.uid, user.uid), eq(staffRoles.role, role)))
      .returning({ role: staffRoles.role })
    const changed = removed.length > 0
    if (changed) {
      await recordAudit(tx, actor, { action: 'role.revoke', targetType: 'staff', targetId: user.uid, changes: { before: { role }, after: null } }, now)
    }
    return { uid: user.uid, email: user.email, role, changed }
  })
}

/**
 * An admin resets someone's second factors (a lost phone, no recovery code left): every factor,
 * recovery code and pass of theirs goes, audited; they enrol again on their next visit, after a
 * recent sign-in. An admin cannot reset their own: another admin does it.
 */
export async function resetSecondFactors(deps: SuiteDeps, actor: StaffActor, email: string): Promise<{ uid: string; email: string; removed: number }> {
  const user = await userByEmail(deps, email)
  if (user.uid === actor.uid) throw badRequest('Another admin resets your second factors', { email: ['is your own account'] })
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const removed = await removeAllSecondFactors(tx, user.uid)
    await recordAudit(
      tx,
      actor,
      { action: 'second-factor.reset', targetType: 'staff', targetId: user.uid, changes: { before: { factors: removed }, after: { factors: 0 } } },
      now,
    )
    return { uid: user.uid, email: user.email, removed }
  })
}
