// Identity and member profile: api/user, api/member, suite/api/members…, member_info.
import type { Hono } from 'hono'
import { CreateMemberBodySchema, UpdateProfileBodySchema } from '../../contract/members'
import { API_MEMBER_PATH, API_USER_PATH, MEMBERS_PATH, MEMBER_INFO_PATH, UPDATE_PROFILE_PATH } from '../../contract/paths'
import type { SuiteDeps } from '../deps'
import { currentIdentity, currentMember, identityAuth, memberAuth, requireRecentSignIn } from '../http/auth'
import type { SuiteEnv } from '../http/env'
import { ok } from '../http/respond'
import { parseBody } from '../http/validate'
import { completeRegistration, memberInfoOf, memberProfile, memberSummary, updateProfile } from '../services/members'

export function registerMemberRoutes(app: Hono<SuiteEnv>, deps: SuiteDeps) {
  const member = memberAuth(deps)

  app.get(`/${API_USER_PATH}`, identityAuth(deps), (c) => {
    const identity = currentIdentity(c)
    return ok(c, {
      uid: identity.uid,
      email: identity.email,
      emailVerified: identity.emailVerified,
      phoneVerified: identity.phoneVerified,
      displayName: identity.name,
      signInProvider: identity.signInProvider,
      authTime: identity.authTime.toISOString(),
    })
  })

  app.get(`/${API_MEMBER_PATH}`, member, async (c) => ok(c, await memberSummary(deps.db, currentMember(c))))

  app.get(`/${MEMBERS_PATH}`, member, async (c) => ok(c, await memberProfile(deps.db, currentMember(c))))

  app.post(`/${MEMBERS_PATH}`, member, async (c) => {
    const body = await parseBody(c, CreateMemberBodySchema)
    const { member: row, created } = await completeRegistration(deps, currentMember(c), body)
    return ok(c, await memberProfile(deps.db, row), created ? 201 : 200)
  })

  app.patch(`/${UPDATE_PROFILE_PATH}`, member, async (c) => {
    const body = await parseBody(c, UpdateProfileBodySchema)
    // Setting or removing payout details needs a recent sign-in (where the money goes); the other fields do not.
    if (body.payout !== undefined) requireRecentSignIn(c, deps)
    const row = await updateProfile(deps, currentMember(c), body)
    return ok(c, await memberProfile(deps.db, row))
  })

  // The portal asks for it on every page: the member and their info come in one round trip.
  app.get(`/${MEMBER_INFO_PATH}`, identityAuth(deps), async (c) => {
    const { member, info } = await memberInfoOf(deps, currentIdentity(c))
    c.set('member', member)
    return ok(c, info)
  })
}
