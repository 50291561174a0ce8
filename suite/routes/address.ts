// logistics/v1/members/address: read and replace the one shipping address.
import type { Hono } from 'hono'
import { AddressInputSchema } from '../../contract/address'
import { ADDRESS_PATH } from '../../contract/paths'
import type { SuiteDeps } from '../deps'
import { currentMember, memberAuth } from '../http/auth'
import type { SuiteEnv } from '../http/env'
import { ok } from '../http/respond'
import { parseBody } from '../http/validate'
import { getAddress, saveAddress } from '../services/address'
import { syncMissions } from '../services/missions'

export function registerAddressRoutes(app: Hono<SuiteEnv>, deps: SuiteDeps) {
  const member = memberAuth(deps)
  app.get(`/${ADDRESS_PATH}`, member, async (c) => ok(c, { address: await getAddress(deps.db, currentMember(c).id) }))
  app.put(`/${ADDRESS_PATH}`, member, async (c) => {
    const body = await parseBody(c, AddressInputSchema)
    const me = currentMember(c)
    const now = deps.clock.now()
    const address = await deps.db.transaction(async (tx) => {
      const saved = await saveAddress(tx, me.id, body, now)
      // A saved address may complete the profile mission.
      await syncMissions(tx, me.id, now)
      return saved
    })
    return ok(c, { address })
  })
}
