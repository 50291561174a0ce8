import { createServerFn } from '@tanstack/react-start'
import { ENDPOINTS } from '#contract/endpoints'
import { UnsubscribeQuerySchema } from '#contract/messages'
import { callEndpoint } from '~/upstream/suite-client.server'

/** GET suite/api/public/unsubscribe — silent: what a message's unsubscribe link will do (no sign-in; changes nothing). */
export const checkUnsubscribeFn = createServerFn({ method: 'GET' })
  .validator(UnsubscribeQuerySchema)
  .handler(({ data }) => callEndpoint(ENDPOINTS.unsubscribeCheck, { query: { token: data.token } }))

/** POST suite/api/public/unsubscribe — silent: the member confirmed on the page; the link's topic goes off on its channel. */
export const confirmUnsubscribeFn = createServerFn({ method: 'POST' })
  .validator(UnsubscribeQuerySchema)
  .handler(({ data }) => callEndpoint(ENDPOINTS.unsubscribe, { query: { token: data.token }, body: {} }))
