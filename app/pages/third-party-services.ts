import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { takeSecretAddress } from '~/lib/address-secrets'
import { publicConfigQuery } from '~/lib/public-config'
import { thirdPartiesAllowedOn } from '~/lib/third-party-pages'

/**
 * The third-party services that are configured, each from its own file, started once the page is
 * interactive (app/routes/__root.tsx): bot protection, analytics under the visitor's consent, and the
 * support chat. Nothing of theirs, this included, is in first-load JavaScript.
 *
 * None of them ever reads a secret of the address: whatever the page, its secrets leave the address
 * bar first (the page keeps them, lib/address-secrets.ts). The chat and analytics run only on the
 * pages open to them (lib/third-party-pages.ts): opened elsewhere, they start on the first page open
 * to them; once running, going to a page closed to them is a full page load, which leaves them behind.
 */
export function startThirdPartyServices(queryClient: QueryClient, router: AnyRouter): void {
  const services = queryClient.getQueryData(publicConfigQuery.queryKey)?.services
  if (!services) return
  takeSecretAddress()
  const { gaMeasurementId, intercomAppId, recaptchaSiteKey } = services
  if (recaptchaSiteKey) void import('~/lib/bot-protection').then(({ startBotProtection }) => startBotProtection(queryClient))
  if (!gaMeasurementId && !intercomAppId) return

  let started = false
  // What the page did with them, for tests (and styles) to tell: held back here, or running.
  const mark = (state: 'held' | 'running') => (document.documentElement.dataset.thirdParties = state)
  mark('held')
  const start = () => {
    started = true
    mark('running')
    if (gaMeasurementId) void import('~/features/consent/analytics').then(({ startAnalytics }) => startAnalytics(gaMeasurementId))
    if (intercomAppId)
      void import('~/features/support-chat/support-chat').then(({ startSupportChat }) =>
        startSupportChat(queryClient, intercomAppId, { aboveBadge: !!recaptchaSiteKey }),
      )
  }
  if (thirdPartiesAllowedOn(window.location.pathname)) start()
  router.subscribe('onResolved', ({ toLocation }) => {
    if (!started && thirdPartiesAllowedOn(toLocation.pathname)) start()
  })
  router.subscribe('onBeforeNavigate', ({ toLocation }) => {
    if (started && !thirdPartiesAllowedOn(toLocation.pathname)) window.location.assign(toLocation.href)
  })
}
