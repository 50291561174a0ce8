// Missions, points, rewards and the chat widget token.
import type { Hono } from 'hono'
import { SignJWT } from 'jose'
import { EmptyBodySchema } from '../../contract/common'
import { RedeemBodySchema } from '../../contract/rewards'
import { DISCOUNT_CODE_PATH, INTERCOM_TOKEN_PATH, MISSIONS_PATH, POINTS_PATH, REWARDS_PATH } from '../../contract/paths'
import type { SuiteDeps } from '../deps'
import { currentMember, memberAuth } from '../http/auth'
import type { SuiteEnv } from '../http/env'
import { ok } from '../http/respond'
import { parseBody } from '../http/validate'
import { pointsBalance } from '../services/members'
import { ledgerOf, missionsOf } from '../services/missions'
import { listRedemptions, redeem, REWARDS } from '../services/rewards'

const TOKEN_TTL_SECONDS = 60 * 60

export function registerRewardRoutes(app: Hono<SuiteEnv>, deps: SuiteDeps) {
  const member = memberAuth(deps)
  // Reads only: missions are credited by the changes that complete them (services/missions.ts).
  app.get(`/${MISSIONS_PATH}`, member, async (c) => ok(c, await missionsOf(deps.db, currentMember(c).id)))
  app.get(`/${POINTS_PATH}`, member, async (c) => {
    const me = currentMember(c)
    return ok(c, { balance: await pointsBalance(deps.db, me.id), entries: await ledgerOf(deps.db, me.id) })
  })
  app.get(`/${REWARDS_PATH}`, member, async (c) => ok(c, { balance: await pointsBalance(deps.db, currentMember(c).id), rewards: REWARDS }))
  app.get(`/${DISCOUNT_CODE_PATH}`, member, async (c) => ok(c, { redemptions: await listRedemptions(deps.db, currentMember(c).id) }))
  app.post(`/${DISCOUNT_CODE_PATH}`, member, async (c) => {
    const body = await parseBody(c, RedeemBodySchema)
    const result = await redeem(deps, currentMember(c), body.rewardId, body.requestId)
    return ok(c, { redemption: result.redemption, balance: result.balance }, result.created ? 201 : 200)
  })

  const secret = new TextEncoder().encode(deps.settings.intercomSecret)
  app.post(`/${INTERCOM_TOKEN_PATH}`, member, async (c) => {
    await parseBody(c, EmptyBodySchema)
    const me = currentMember(c)
    const now = Math.floor(deps.clock.now().getTime() / 1000)
    const token = await new SignJWT({ user_id: me.uid, ...(me.email ? { email: me.email } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + TOKEN_TTL_SECONDS)
      .sign(secret)
    return ok(c, { token, expiresAt: new Date((now + TOKEN_TTL_SECONDS) * 1000).toISOString() })
  })
}
