import { createServerFn } from '@tanstack/react-start'
import { NotificationSettingsSchema } from '#contract/members'
import { memberMiddleware } from '~/auth/member.middleware'
import { callEndpoint } from '~/upstream/suite-client.server'
import { ENDPOINTS } from '#contract/endpoints'

/** PUT logistics/v1/members/notifications: the whole settings, as the member left them. */
export const saveNotificationsFn = createServerFn({ method: 'POST' })
  .middleware([memberMiddleware])
  .validator(NotificationSettingsSchema)
  .handler(({ context, data }) => callEndpoint(ENDPOINTS.putNotifications, { member: context.member, body: data }))
