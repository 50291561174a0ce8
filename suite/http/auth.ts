// Bearer verification: every member route knows exactly one member, from a verified credential.
// Once the credential is settled, the query string is checked (http/query.ts): 401 comes before 400.
import type { MiddlewareHandler } from 'hono'
import type { SuiteDeps } from '../deps'
import type { VerifiedIdentity } from '../identity/identity'
import { memberForIdentity, type MemberRow } from '../services/members'
import type { SuiteContext, SuiteEnv } from './env'
import { unauthenticated } from './errors'
import { checkQuery } from './query'

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
    checkQuery(c)
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
    c.set('identity', identity)
    c.set('member', member)
    checkQuery(c)
    await next()
  }
}

/** Uses a Bearer token when one is sent (an invalid one is still refused). */
export function optionalMemberAuth(deps: SuiteDeps): MiddlewareHandler<SuiteEnv> {
  return async (c, next) => {
    const identity = await verifyHeader(deps, c)
    if (identity) {
      const member = await memberForIdentity(deps, identity)
      if (!member.pseudonymizedAt) {
        c.set('identity', identity)
        c.set('member', member)
      }
    }
    checkQuery(c)
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
