// Identity and member profile: api/user, api/member, suite/api/members…, member_info.
import { ENDPOINTS } from '../../contract/endpoints'
import type { SuiteDeps } from '../deps'
import { currentIdentity, currentMember, requireRecentSignIn } from '../http/auth'
import type { RegisterRoute } from '../http/endpoint'
import { seenIn } from '../http/sightings'
import { completeRegistration, memberInfoOf, memberProfile, memberSummary, updateProfile } from '../services/members'

export function registerMemberRoutes(route: RegisterRoute, deps: SuiteDeps) {
  route(ENDPOINTS.apiUser, (c) => {
    const identity = currentIdentity(c)
    return {
      uid: identity.uid,
      email: identity.email,
      emailVerified: identity.emailVerified,
      phoneVerified: identity.phoneVerified,
      displayName: identity.name,
      signInProvider: identity.signInProvider,
      authTime: identity.authTime.toISOString(),
    }
  })

  route(ENDPOINTS.apiMember, (c) => memberSummary(deps.db, currentMember(c)))

  route(ENDPOINTS.getMember, (c) => memberProfile(deps.db, currentMember(c)))

  route(ENDPOINTS.createMember, async (c, { body }) => {
    const { member: row, created } = await completeRegistration(deps, currentMember(c), body, seenIn(c, deps.settings.trustedProxies))
    const profile = await memberProfile(deps.db, row)
    if (created) c.status(201)
    return profile
  })

  // Firebase sends sign-in links, not the member API: the portal asks this first, and the registrar's
  // bot check is all it does. A script that calls Firebase directly is not stopped by it.
  route(ENDPOINTS.signInLinkCheck, () => ({ passed: true as const }))

  route(ENDPOINTS.updateProfile, async (c, { body }) => {
    // Setting or removing payout details needs a recent sign-in (where the money goes); the other fields do not.
    if (body.payout !== undefined) requireRecentSignIn(c, deps)
    const row = await updateProfile(deps, currentMember(c), body)
    return memberProfile(deps.db, row)
  })

  // The portal asks for it on every page: the member and their info come in one round trip.
  route(ENDPOINTS.memberInfo, async (c) => {
    const { member, info } = await memberInfoOf(deps, currentIdentity(c))
    c.set('member', member)
    return info
  })
}
