// Bearer verification: every member route knows exactly one member, from a verified credential.
import type { MiddlewareHandler } from 'hono'
import { RECENT_SIGN_IN_SECONDS } from '../../contract/auth'
import type { SuiteDeps } from '../deps'
import type { VerifiedIdentity } from '../identity/identity'
import { memberForIdentity, type MemberRow } from '../services/members'
import { refuseWhileSuspended } from '../services/suspensions'
import type { SuiteContext, SuiteEnv } from './env'
import { forbidden, reauthRequired, secondFactorRequired, unauthenticated } from './errors'
import { capabilitiesOf, STAFF_SESSION_SECONDS, STAFF_USER_AGENT_HEADER, type Capability } from '../../contract/staff'
import type { StaffActor } from '../actors/actor'
import { brandOfUser, type BrandViewer } from '../services/brands'
import { clientAddress } from './client-address'
import { SECOND_FACTOR_PASS_HEADER } from '../../contract/second-factor'
import { hasPassed, staffAccess } from '../services/second-factor'

function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  return match?.[1] ?? null
}

async function verifyHeader(deps: SuiteDeps, c: SuiteContext): Promise<VerifiedIdentity | null> {
  const token = bearer(c.req.header('authorization'))
  if (!token) return null
  const identity = await deps.identity.verify(token)
  if (!identity) throw unauthenticated()
  return identity
}

/** Requires a verified identity (the member record may not exist yet). */
export function identityAuth(deps: SuiteDeps): MiddlewareHandler<SuiteEnv> {
  return async (c, next) => {
    const identity = await verifyHeader(deps, c)
    if (!identity) throw unauthenticated('Sign in first: this call needs a Bearer token')
    c.set('identity', identity)
    await next()
  }
}

/** Requires a verified identity and its member record (created on first use). */
export function memberAuth(deps: SuiteDeps): MiddlewareHandler<SuiteEnv> {
  return async (c, next) => {
    const identity = await verifyHeader(deps, c)
    if (!identity) throw unauthenticated('Sign in first: this call needs a Bearer token')
    const member = await memberForIdentity(deps, identity)
    // A deleted (pseudonymised) account has no member left to act as.
    if (member.pseudonymizedAt) throw unauthenticated('This account was deleted')
    // A member who turned on two-step sign-in is answered only in a session that passed it.
    if (member.secondFactorOn) await requireSecondFactorPassed(deps, c, identity)
    c.set('identity', identity)
    c.set('member', member)
    await next()
  }
}

/** Uses a Bearer token when one is sent (an invalid one is still refused). */
export function optionalMemberAuth(deps: SuiteDeps): MiddlewareHandler<SuiteEnv> {
  return async (c, next) => {
    const identity = await verifyHeader(deps, c)
    if (identity) {
      const member = await memberForIdentity(deps, identity)
      // A member whose session has not passed their second factor reads public pages as a visitor does.
      const passed = !member.secondFactorOn || (await hasPassed(deps.db, identity.uid, secondFactorPassOf(c), deps.clock.now()))
      if (!member.pseudonymizedAt && passed) {
        c.set('identity', identity)
        c.set('member', member)
      }
    }
    await next()
  }
}

export function currentMember(c: SuiteContext): MemberRow {
  const member = c.get('member')
  if (!member) throw unauthenticated()
  return member
}

export function currentIdentity(c: SuiteContext): VerifiedIdentity {
  const identity = c.get('identity')
  if (!identity) throw unauthenticated()
  return identity
}

/** How far in the future (by this server's clock) a sign-in may lie: clocks of Firebase and this server differ a little. */
const AUTH_TIME_SKEW_MS = 60_000

/**
 * Changes that could take an account over (e-mail, phone, payout, deletion) need a sign-in at most
 * RECENT_SIGN_IN_SECONDS old: the credential's auth_time, which refreshing a token does not move.
 * A sign-in further in the future than the allowed skew is not taken as recent either. Call it
 * before anything is changed or used up, so a refused call changes nothing.
 */
export function requireRecentSignIn(c: SuiteContext, deps: SuiteDeps): void {
  const age = deps.clock.now().getTime() - currentIdentity(c).authTime.getTime()
  if (age > RECENT_SIGN_IN_SECONDS * 1000 || age < -AUTH_TIME_SKEW_MS) throw reauthRequired()
}

/** requireRecentSignIn as a route middleware, after memberAuth or staffAuth. */
export function recentSignIn(deps: SuiteDeps): MiddlewareHandler<SuiteEnv> {
  return async (c, next) => {
    requireRecentSignIn(c, deps)
    await next()
  }
}

/**
 * An action a suspended member may not take (the entry's `notWhileSuspended`), after memberAuth:
 * refused with the reason 'suspended' before anything is read or changed.
 */
export function notWhileSuspended(deps: SuiteDeps): MiddlewareHandler<SuiteEnv> {
  return async (c, next) => {
    await refuseWhileSuspended(deps.db, currentMember(c).id, deps.clock.now())
    await next()
  }
}

/** A staff or brand session ends STAFF_SESSION_SECONDS after its sign-in (the credential's auth time). */
async function consoleIdentity(deps: SuiteDeps, c: SuiteContext): Promise<VerifiedIdentity> {
  const identity = await verifyHeader(deps, c)
  if (!identity) throw unauthenticated('Sign in first: this call needs a Bearer token')
  const age = deps.clock.now().getTime() - identity.authTime.getTime()
  if (age > STAFF_SESSION_SECONDS * 1000) throw unauthenticated(`Console sessions last ${STAFF_SESSION_SECONDS / 3600} hours: sign in again`)
  return identity
}

/**
 * Staff and brand calls reach members' data and brands' reviews: only from an account whose e-mail
 * address is confirmed, so an account made with someone else's address holds nothing there.
 */
function requireConfirmedEmail(identity: VerifiedIdentity): void {
  if (!identity.emailVerified) throw forbidden('Confirm the e-mail address of this account first: the console and brand pages need a confirmed address')
}

/** Who takes an action, for the audit entry: the person, and where they call from. */
export function actorOf(deps: SuiteDeps, c: SuiteContext, identity: VerifiedIdentity, roles: StaffActor['roles']): StaffActor {
  return {
    uid: identity.uid,
    email: identity.email,
    name: identity.name,
    roles,
    capabilities: capabilitiesOf(roles),
    operationId: crypto.randomUUID(),
    ip: clientAddress(c, deps.settings.trustedProxies),
    // The portal forwards its browser's; a direct caller's own otherwise.
    userAgent: (c.req.header(STAFF_USER_AGENT_HEADER) ?? c.req.header('user-agent') ?? '').slice(0, 400) || null,
  }
}

/**
 * Staff and brand calls answer only in a browser session that has passed a second factor: the pass
 * the portal forwards (SECOND_FACTOR_PASS_HEADER) must be this person's and open. A password alone,
 * signed in anywhere else, opens nothing.
 */
async function requireSecondFactorPassed(deps: SuiteDeps, c: SuiteContext, identity: VerifiedIdentity): Promise<void> {
  if (!(await hasPassed(deps.db, identity.uid, c.req.header(SECOND_FACTOR_PASS_HEADER), deps.clock.now()))) throw secondFactorRequired()
}

/** The second-factor pass the call carries, if any (the factor's own endpoints read it). */
export function secondFactorPassOf(c: SuiteContext): string | null {
  return c.req.header(SECOND_FACTOR_PASS_HEADER) ?? null
}

/**
 * Staff calls: a verified credential whose sign-in is at most STAFF_SESSION_SECONDS old, and roles
 * read from the database now (a grant or a revocation counts from the next call) that grant the
 * endpoint's capability; null lets any staff role call (who am I). A member without a role, or a
 * staff person without the capability, gets 403 and nothing else.
 */
export function staffAuth(deps: SuiteDeps, capability: Capability | null): MiddlewareHandler<SuiteEnv> {
  return async (c, next) => {
    const identity = await consoleIdentity(deps, c)
    requireConfirmedEmail(identity)
    const { roles, passed } = await staffAccess(deps.db, identity.uid, c.req.header(SECOND_FACTOR_PASS_HEADER), deps.clock.now())
    if (roles.length === 0) throw forbidden('This account holds no staff role')
    if (!passed) throw secondFactorRequired()
    const actor = actorOf(deps, c, identity, roles)
    if (capability && !actor.capabilities.includes(capability)) {
      throw forbidden(`This needs the capability ${capability}, which your roles (${roles.join(', ')}) do not grant`)
    }
    c.set('identity', identity)
    c.set('staff', actor)
    await next()
  }
}

/**
 * Brand calls: a verified credential of a session as long as staff's, and a brand read from the
 * database now (a removal counts from the next call). Holding a staff role grants nothing here:
 * staff read every brand's results through the console's own calls. Someone who is no brand's
 * user gets 403; every handler scopes its queries to `brand.brandId`.
 */
export function brandAuth(deps: SuiteDeps): MiddlewareHandler<SuiteEnv> {
  return async (c, next) => {
    const identity = await consoleIdentity(deps, c)
    requireConfirmedEmail(identity)
    const brand = await brandOfUser(deps.db, identity.uid)
    if (!brand) throw forbidden('This account is no brand viewer')
    await requireSecondFactorPassed(deps, c, identity)
    const viewer: BrandViewer = { brand, actor: actorOf(deps, c, identity, []) }
    c.set('identity', identity)
    c.set('brand', viewer)
    await next()
  }
}

export function currentBrandViewer(c: SuiteContext): BrandViewer {
  const viewer = c.get('brand')
  if (!viewer) throw unauthenticated()
  return viewer
}

export function currentStaff(c: SuiteContext): StaffActor {
  const staff = c.get('staff')
  if (!staff) throw unauthenticated()
  return staff
}
