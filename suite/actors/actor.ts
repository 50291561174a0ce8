// Who takes a staff action: a signed-in staff person in the console, the operator command line,
// or the account deletion; and the roles a person holds, read from the database on every staff call.
// Services and the console both use it, so it imports neither (lint: scripts/lint/boundaries.mjs).
import { eq, sql } from 'drizzle-orm'
import { CAPABILITIES, capabilitiesOf, ROLES, type Capability, type Role } from '../../contract/staff'
import { preparedQuery, type Executor } from '../db/client'
import { staffRoles } from '../db/schema'
import { forbidden } from '../http/errors'

export interface StaffActor {
  uid: string
  email: string | null
  name: string | null
  roles: Role[]
  capabilities: Capability[]
  /** One per request: every audit entry the request writes carries it. */
  operationId: string
  ip: string | null
  userAgent: string | null
}

/** The command line acts with every capability: whoever holds a shell on the server holds the database too. */
export function commandLineActor(): StaffActor {
  const user = process.env.USER ?? process.env.LOGNAME ?? 'unknown'
  return {
    uid: 'cli',
    email: null,
    name: `command line (${user})`,
    roles: ['admin'],
    capabilities: [...CAPABILITIES],
    operationId: crypto.randomUUID(),
    ip: null,
    userAgent: null,
  }
}

/**
 * Staff never act on their own member account (goodwill points to themselves, their own review
 * published, their own place or parcel): a colleague does it, and the audit log shows who.
 */
export function refuseSelfService(actor: StaffActor, memberUid: string | null | undefined): void {
  if (memberUid && memberUid === actor.uid) throw forbidden('Staff cannot act on their own member account: ask a colleague to do it')
}

/** What an account deletion does on its own (the roles of a member who was also staff go with the account). */
export function accountDeletionActor(): StaffActor {
  return {
    uid: 'account-deletion',
    email: null,
    name: 'account deletion',
    roles: [],
    capabilities: [],
    operationId: crypto.randomUUID(),
    ip: null,
    userAgent: null,
  }
}

/** Read on every staff call: built once. */
const rolesByUid = preparedQuery((ex) =>
  ex
    .select({ role: staffRoles.role })
    .from(staffRoles)
    .where(eq(staffRoles.uid, sql.placeholder('uid'))),
)

export async function rolesOf(ex: Executor, uid: string): Promise<Role[]> {
  return rolesIn(await rolesByUid(ex, { uid }))
}

/** The roles of a person's rows of `staff_roles`, in the contract's order, whatever order they were granted in. */
export function rolesIn(rows: readonly { role: Role }[]): Role[] {
  const held = new Set(rows.map((row) => row.role))
  return ROLES.filter((role) => held.has(role))
}

export async function capabilitiesOfUid(ex: Executor, uid: string): Promise<Capability[]> {
  return capabilitiesOf(await rolesOf(ex, uid))
}
