// logistics/v1/members/address: read and replace the one shipping address.
import { ENDPOINTS } from '../../contract/endpoints'
import type { SuiteDeps } from '../deps'
import { currentMember } from '../http/auth'
import type { RegisterRoute } from '../http/endpoint'
import { getAddress, saveAddress } from '../services/address'
import { syncMissions } from '../services/missions'

export function registerAddressRoutes(route: RegisterRoute, deps: SuiteDeps) {
  route(ENDPOINTS.getAddress, async (c) => ({ address: await getAddress(deps.db, currentMember(c).id) }))
  route(ENDPOINTS.putAddress, async (c, { body }) => {
    const me = currentMember(c)
    const now = deps.clock.now()
    const address = await deps.db.transaction(async (tx) => {
      const saved = await saveAddress(tx, me.id, body, now)
      // A saved address may complete the profile mission.
      await syncMissions(tx, me.id, now)
      return saved
    })
    return { address }
  })
}
