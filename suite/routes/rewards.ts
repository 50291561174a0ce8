// Missions, points, standing, rewards and the chat widget token.
import { SignJWT } from 'jose'
import { ENDPOINTS } from '../../contract/endpoints'
import type { SuiteDeps } from '../deps'
import { currentMember } from '../http/auth'
import type { RegisterRoute } from '../http/endpoint'
import { ledgerOf, pointsBalance } from '../services/ledger'
import { missionsOf } from '../services/missions'
import { listRedemptions, redeem, REWARDS } from '../services/rewards'
import { memberStanding } from '../services/standing'

const TOKEN_TTL_SECONDS = 60 * 60

export function registerRewardRoutes(route: RegisterRoute, deps: SuiteDeps) {
  // Reads only: missions are credited by the changes that complete them (services/missions.ts).
  route(ENDPOINTS.missions, (c) => missionsOf(deps.db, currentMember(c).id))
  route(ENDPOINTS.points, async (c) => {
    const me = currentMember(c)
    return { balance: await pointsBalance(deps.db, me.id), entries: await ledgerOf(deps.db, me.id) }
  })
  route(ENDPOINTS.standing, (c) => memberStanding(deps.db, currentMember(c).id, deps.clock.now()))
  route(ENDPOINTS.rewards, async (c) => ({ balance: await pointsBalance(deps.db, currentMember(c).id), rewards: REWARDS }))
  route(ENDPOINTS.redemptions, async (c) => ({ redemptions: await listRedemptions(deps.db, currentMember(c).id) }))
  route(ENDPOINTS.redeem, async (c, { body }) => {
    const result = await redeem(deps, currentMember(c), body.rewardId, body.requestId)
    if (result.created) c.status(201)
    return { redemption: result.redemption, balance: result.balance }
  })

  const secret = new TextEncoder().encode(deps.settings.intercomSecret)
  route(ENDPOINTS.intercomToken, async (c) => {
    const me = currentMember(c)
    const now = Math.floor(deps.clock.now().getTime() / 1000)
    const token = await new SignJWT({ user_id: me.uid, ...(me.email ? { email: me.email } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + TOKEN_TTL_SECONDS)
      .sign(secret)
    return { token, expiresAt: new Date((now + TOKEN_TTL_SECONDS) * 1000).toISOString() }
  })
}
