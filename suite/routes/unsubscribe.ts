// The signed unsubscribe links of messages (suite/services/unsubscribe.ts): public, the token is the authority.
import { ENDPOINTS } from '../../contract/endpoints'
import type { SuiteDeps } from '../deps'
import type { RegisterRoute } from '../http/endpoint'
import { applyUnsubscribe, describeUnsubscribe } from '../services/unsubscribe'

export function registerUnsubscribeRoutes(route: RegisterRoute, deps: SuiteDeps) {
  route(ENDPOINTS.unsubscribeCheck, (_c, { query }) => describeUnsubscribe(deps, query.token))
  route(ENDPOINTS.unsubscribe, (_c, { query }) => applyUnsubscribe(deps, query.token))
}
