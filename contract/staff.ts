// Staff: roles, the capabilities they grant, who is calling and who holds which role. Each area
// of the operator console has its requests and answers in its own file, named like the portal's
// feature (contract/ops-moderation.ts, ops-audit.ts, ops-applicants.ts, ops-shipments.ts,
// ops-members.ts, ops-campaigns.ts); what they share is here.
// Code checks capabilities, never role names: a role is only a named set of them.
import * as v from 'valibot'

export const CAPABILITIES = [
  /** Grant and revoke roles; read who holds which. */
  'staff:manage',
  /** Read the audit log and export it. */
  'audit:read',
  /** Read reviews waiting for moderation (their photos too) and decide them. */
  'reviews:moderate',
  /** Read a campaign's applicants and waitlist, select testers. */
  'applicants:select',
  /** Publish, archive and (later) author campaigns. */
  'campaigns:edit',
  /** Ship, deliver, issue return labels, mark returns received, read shipping addresses. */
  'shipments:manage',
  /** Find a member and read their record (participations, points, standing, messages). */
  'members:read',
  /** Act for a member: goodwill points, resend a verification e-mail, withdraw a participation on their request, suspend them and lift it. */
  'members:act',
  /** See a member's e-mail address and phone number. */
  'members:contact',
  /** Add product categories and rename them (the admin's alone: every page names them). */
  'categories:edit',
  /** Write a newsletter issue and send it to every member who opted in (the admin's alone). */
  'newsletter:send',
  /** Add brands, invite their users by e-mail and remove them (the admin's alone). */
  'brands:manage',
] as const
export type Capability = (typeof CAPABILITIES)[number]

export const ROLES = ['admin', 'campaign-manager', 'moderator', 'fulfilment', 'support'] as const
export type Role = (typeof ROLES)[number]
export const RoleSchema = v.picklist(ROLES, `must be one of: ${ROLES.join(', ')}`)

export const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  admin: CAPABILITIES,
  'campaign-manager': ['applicants:select', 'campaigns:edit'],
  moderator: ['reviews:moderate'],
  fulfilment: ['shipments:manage'],
  support: ['members:read', 'members:act', 'members:contact'],
}

export function capabilitiesOf(roles: readonly Role[]): Capability[] {
  const held = new Set(roles.flatMap((role) => ROLE_CAPABILITIES[role]))
  return CAPABILITIES.filter((capability) => held.has(capability))
}

/** The portal forwards its browser's user agent on staff calls, for the audit entry. */
export const STAFF_USER_AGENT_HEADER = 'x-staff-user-agent'

/**
 * One person's exports of the console and of a brand (reviews as CSV or JSON, their photos as a ZIP
 * file, the pending parcels' addresses, the audit log): at most this many running at once, and at
 * most EXPORTS_PER_HOUR started in a clock hour, so that no one account can drain the product.
 */
export const EXPORTS_AT_ONCE = 2
export const EXPORTS_PER_HOUR = 30

/** A staff session lasts at most this long after its sign-in, whatever the member session's lifetime. */
export const STAFF_SESSION_SECONDS = 8 * 60 * 60

const email = v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('must be an e-mail address'), v.maxLength(254))

// ---- Shared by the console's areas (contract/ops-*.ts)

/** A console list's page number, as its query sends it. */
export const OpsPageNumber = v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(100_000)), '1')
/** A console list's page size, as its query sends it. */
export const OpsPageSize = v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(100)), '50')
/** A moment a console request names (a filter's bounds, the version of what was read). */
export const OpsIsoTime = v.pipe(v.string(), v.isoTimestamp('must be an ISO time'))

// ---- Who is calling

export const StaffSelfSchema = v.strictObject({
  uid: v.string(),
  email: v.nullable(v.string()),
  name: v.nullable(v.string()),
  roles: v.array(RoleSchema),
  capabilities: v.array(v.picklist(CAPABILITIES)),
})
export type StaffSelf = v.InferOutput<typeof StaffSelfSchema>

// ---- Staff and roles

export const StaffMemberSchema = v.strictObject({
  uid: v.string(),
  email: v.string(),
  name: v.string(),
  roles: v.array(
    v.strictObject({
      role: RoleSchema,
      grantedAt: v.string(),
      grantedBy: v.string(),
    }),
  ),
})
export type StaffMember = v.InferOutput<typeof StaffMemberSchema>
export const StaffListSchema = v.strictObject({ items: v.array(StaffMemberSchema) })
export type StaffList = v.InferOutput<typeof StaffListSchema>

export const RoleChangeBodySchema = v.strictObject({ email, role: RoleSchema })
export type RoleChangeBody = v.InferOutput<typeof RoleChangeBodySchema>
export const RoleChangeResultSchema = v.strictObject({
  uid: v.string(),
  email: v.string(),
  role: RoleSchema,
  /** False when nothing changed: the role was already held (grant) or not held (revoke). */
  changed: v.boolean(),
})
export type RoleChangeResult = v.InferOutput<typeof RoleChangeResultSchema>
