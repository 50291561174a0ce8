// logistics/v1/members/address: read and replace the one shipping address.
import { ENDPOINTS } from '../../contract/endpoints'
import type { SuiteDeps } from '../deps'
import { currentMember } from '../http/auth'
import type { RegisterRoute } from '../http/endpoint'
import { getAddress, saveMemberAddress } from '../services/address'

export function registerAddressRoutes(route: RegisterRoute, deps: SuiteDeps) {
  route(ENDPOINTS.getAddress, async (c) => ({ address: await getAddress(deps.db, currentMember(c).id) }))
  route(ENDPOINTS.putAddress, async (c, { body }) => {
    return { address: await saveMemberAddress(deps, currentMember(c).id, body) }
  })
}
