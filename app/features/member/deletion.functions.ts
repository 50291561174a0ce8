import { createServerFn } from '@tanstack/react-start'
import { PseudonymizeBodySchema } from '#contract/members'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

/**
 * POST logistics/v1/members/pseudonymize: deletes the calling member's account and answers with the
 * deletion receipt. Once the member API has done it (every session revoked, the Firebase user
 * deleted), this browser's session cookie goes and this process forgets the member's remembered
 * record, so the old cookie is refused here from the next request on. Another portal process may
 * accept it until its record window (REVOCATION_CHECK_SECONDS) ends, as after any sign-out.
 */
export const deleteAccountFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(PseudonymizeBodySchema)
  .handler(async ({ context, data }) => {
    const result = await callEndpoint(ENDPOINTS.pseudonymize, { member: context.member, body: data })
    if (result.ok && context.member) {
      const [{ endSession }, { memberCredentials }] = await Promise.all([import('~/auth/member.server'), import('~/auth/firebase-admin.server')])
      // Without a member, endSession only removes the cookie: the member API has revoked the
      // sessions already, and the user they belonged to no longer exists.
      await endSession(null)
      memberCredentials().forget(context.member.uid)
    }
    return result
  })
