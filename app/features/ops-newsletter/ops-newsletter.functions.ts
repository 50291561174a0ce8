// The newsletter in the console; the member API checks the newsletter:send capability (admins) and, to send, a recent sign-in.
import { createServerFn } from '@tanstack/react-start'
import { ENDPOINTS } from '#contract/endpoints'
import { NewsletterInputSchema } from '#contract/messages'
import { memberMiddleware } from '~/auth/member.middleware'
import { browserAddress, browserUserAgent } from '~/upstream/browser-address.server'
import { callEndpoint } from '~/upstream/suite-client.server'

/** GET ops/v1/newsletters: the issues written, newest first, and how far each has gone out. */
export const getNewslettersFn = createServerFn({ method: 'GET' })
  .middleware([memberMiddleware])
  .handler(({ context }) => callEndpoint(ENDPOINTS.opsNewsletters, { member: context.member }))

/** POST ops/v1/newsletters: write an issue and start sending it to every member who opted in. */
export const sendNewsletterFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(NewsletterInputSchema)
  .handler(async ({ context, data }) =>
    callEndpoint(ENDPOINTS.opsSendNewsletter, { member: context.member, body: data, clientIp: await browserAddress(), userAgent: await browserUserAgent() }),
  )
