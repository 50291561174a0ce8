import { createServerFn } from '@tanstack/react-start'
import * as v from 'valibot'
import { ENDPOINTS } from '#contract/endpoints'
import { PasskeyRegisterBodySchema, SecondFactorVerifyBodySchema, TotpConfirmBodySchema } from '#contract/second-factor'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import type { UpstreamResult } from '~/upstream/upstream-result'

// The person's second factors (contract/second-factor.ts). Passing or enrolling one gives this
// browser session a pass, kept here in an HttpOnly cookie and forwarded with every later call; the
// pass never reaches the page's script.

/** Keeps the pass of a successful enrolment or challenge, and answers without it. */
async function keepingPass<T extends { pass: string }>(result: UpstreamResult<T>): Promise<UpstreamResult<Omit<T, 'pass'>>> {
  if (!result.ok) return result
  const { keepSecondFactorPass } = await import('~/auth/member.server')
  const { pass, ...rest } = result.data
  keepSecondFactorPass(pass)
  return { ok: true, data: rest }
}

/** GET suite/api/second-factor: the person's factors, whether they must hold one, and whether this session passed. */
export const secondFactorStatusFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.secondFactorStatus, { member: context.member }))

/** POST suite/api/second-factor/totp: a new authenticator's secret, to add to the app (recent sign-in). */
export const startTotpFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.startTotp, { member: context.member }))

/** POST suite/api/second-factor/totp/confirm: the app's first code confirms it; the session has passed. */
export const confirmTotpFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(TotpConfirmBodySchema)
  .handler(async ({ context, data }) => keepingPass(await callEndpoint(ENDPOINTS.confirmTotp, { member: context.member, body: data })))

/** POST suite/api/second-factor/passkey/options: what the browser needs to create a passkey (recent sign-in). */
export const passkeyRegistrationOptionsFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.passkeyRegistrationOptions, { member: context.member }))

/** POST suite/api/second-factor/passkey: the new passkey, checked against the options given; the session has passed. */
export const registerPasskeyFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(PasskeyRegisterBodySchema)
  .handler(async ({ context, data }) => keepingPass(await callEndpoint(ENDPOINTS.registerPasskey, { member: context.member, body: data })))

/** POST suite/api/second-factor/challenge: what the browser needs to sign with one of the person's passkeys. */
export const passkeyChallengeFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.passkeyChallenge, { member: context.member }))

/** POST suite/api/second-factor/verify: an authenticator's code, a recovery code or a passkey's answer. */
export const verifySecondFactorFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(SecondFactorVerifyBodySchema)
  .handler(async ({ context, data }) => keepingPass(await callEndpoint(ENDPOINTS.verifySecondFactor, { member: context.member, body: data })))

/** POST suite/api/second-factor/recovery-codes: a new set replaces the old (recent sign-in, a session that passed). */
export const replaceRecoveryCodesFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.replaceRecoveryCodes, { member: context.member }))

/** DELETE suite/api/second-factor/factors/:factorId */
export const removeSecondFactorFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(v.strictObject({ factorId: v.pipe(v.string(), v.uuid()) }))
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.removeSecondFactor, { member: context.member, params: { factorId: data.factorId } }))
