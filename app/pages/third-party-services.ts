import type { QueryClient } from '@tanstack/react-query'
import { publicConfigQuery } from '~/lib/public-config'

/**
 * The third-party services that are configured, each from its own file, started once the page is
 * interactive (app/routes/__root.tsx): bot protection, analytics under the visitor's consent, and the
 * support chat. Nothing of theirs, this included, is in first-load JavaScript.
 */
export function startThirdPartyServices(queryClient: QueryClient): void {
  const services = queryClient.getQueryData(publicConfigQuery.queryKey)?.services
  if (!services) return
  const { gaMeasurementId, intercomAppId, recaptchaSiteKey } = services
  if (recaptchaSiteKey) void import('~/lib/bot-protection').then(({ startBotProtection }) => startBotProtection(queryClient))
  if (gaMeasurementId) void import('~/features/consent/analytics').then(({ startAnalytics }) => startAnalytics(gaMeasurementId))
  if (intercomAppId)
    void import('~/features/support-chat/support-chat').then(({ startSupportChat }) =>
      startSupportChat(queryClient, intercomAppId, { aboveBadge: !!recaptchaSiteKey }),
    )
}
