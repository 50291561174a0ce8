// A person's second factors: their state, enrolling an authenticator app or a passkey, passing one
// for this browser session, recovery codes and removing a factor (services/second-factor.ts). Any
// signed-in account may call them: staff and brand users may have no member record.
import { ENDPOINTS } from '../../contract/endpoints'
import type { SuiteDeps } from '../deps'
import { currentIdentity, secondFactorPassOf } from '../http/auth'
import type { RegisterRoute } from '../http/endpoint'
import {
  confirmTotp,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  removeSecondFactor,
  replaceRecoveryCodes,
  secondFactorStatus,
  startTotpEnrolment,
  verifySecondFactor,
} from '../services/second-factor'

export function registerSecondFactorRoutes(route: RegisterRoute, deps: SuiteDeps) {
  route(ENDPOINTS.secondFactorStatus, (c) => secondFactorStatus(deps, currentIdentity(c), secondFactorPassOf(c)))
  route(ENDPOINTS.startTotp, (c) => startTotpEnrolment(deps, currentIdentity(c), secondFactorPassOf(c)))
  route(ENDPOINTS.confirmTotp, (c, { body }) => confirmTotp(deps, currentIdentity(c), body, secondFactorPassOf(c)))
  route(ENDPOINTS.passkeyRegistrationOptions, (c) => passkeyRegistrationOptions(deps, currentIdentity(c), secondFactorPassOf(c)))
  route(ENDPOINTS.registerPasskey, (c, { body }) => registerPasskey(deps, currentIdentity(c), body, secondFactorPassOf(c)))
  route(ENDPOINTS.passkeyChallenge, (c) => passkeyAuthenticationOptions(deps, currentIdentity(c)))
  route(ENDPOINTS.verifySecondFactor, (c, { body }) => verifySecondFactor(deps, currentIdentity(c), body))
  route(ENDPOINTS.replaceRecoveryCodes, (c) => replaceRecoveryCodes(deps, currentIdentity(c), secondFactorPassOf(c)))
  route(ENDPOINTS.removeSecondFactor, (c, { params }) => removeSecondFactor(deps, currentIdentity(c), params.factorId, secondFactorPassOf(c)))
}
