import { msg } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { feedback, ERROR_TOAST_LIFE_MS } from '~/components/ui/feedback-store'
import { i18n } from '~/i18n/i18n'
import type { ErrorEffect } from './error-catalogue'
import { withoutSecrets } from '~/lib/address-secrets'
import { localeOf } from '~/lib/locale'

const text = {
  somethingWrongTitle: msg({ id: 'errors.somethingWrongTitle', message: 'Something went wrong' }),
  somethingWrong: msg({ id: 'errors.somethingWrong', message: 'Something went wrong please try again later' }),
  error: msg({ id: 'errors.error', message: 'Error' }),
  sessionExpired: msg({ id: 'errors.sessionExpired', message: 'Your session has expired. Please sign in again.' }),
  close: msg({ id: 'errors.close', message: 'Close' }),
  staffGone: msg({
    id: 'errors.staffGone',
    message: 'This no longer exists: it was removed or changed meanwhile. Nothing was changed. The list shows what there is now.',
  }),
  staffForbidden: msg({
    id: 'errors.staffForbidden',
    message: 'Your staff roles do not allow this, or no longer do. Nothing was changed. Ask an admin if you need this role.',
  }),
}

/** What the member reads when the bot check refused an action (in the catalogue's dialog, or inline where the call is silent). */
/** An action a suspended member may not take (apply, post a review or a social post, redeem points). */
export const suspendedMessage = msg({
  id: 'errors.suspended',
  message:
    'Your account is suspended: you cannot apply, post reviews or social posts, or redeem points until the suspension ends. Nothing was changed. The notice at the top of the page says why and how to appeal.',
})

export const botCheckFailedMessage = msg({
  id: 'errors.botCheckFailed',
  message: 'We could not confirm that this request comes from a person. Please try again.',
})

/** Signs the browser out after the member API refused the session (loaded lazily: Firebase is big). */
async function endExpiredSession(queryClient: QueryClient) {
  const { signOut } = await import('~/auth/account-actions')
  await signOut(queryClient)
}

/** The toast of the catalogue's 401 row: errors.error / errors.sessionExpired, 3 s. */
export function showSessionExpiredToast(): void {
  feedback.toast({ severity: 'error', summary: i18n._(text.error), detail: i18n._(text.sessionExpired), life: ERROR_TOAST_LIFE_MS })
}

// Several calls of one page often fail together (the page's data and the header's, say): the
// member is told once.
let endingSession = false

function openDialog(message: string) {
  const open = feedback.getState().dialog
  if (open && open.message === message) return
  feedback.confirm({ header: i18n._(text.somethingWrongTitle), message, closable: true, rejectLabel: i18n._(text.close) })
}

// The failures whose effect this browser has carried out, so a page showing one does not repeat it.
const handled = new WeakSet<object>()
export const markHandled = (error: object) => handled.add(error)
export const wasHandled = (error: object) => handled.has(error)

/** Carries out, in the browser, what the error catalogue decided for a failed call. */
export async function applyErrorEffect(effect: ErrorEffect, { router, queryClient }: { router: AnyRouter; queryClient: QueryClient }): Promise<void> {
  switch (effect.kind) {
    case 'none':
      return
    case 'redirect-locale-404':
      await router.navigate({ to: '/$locale/404', params: { locale: localeOf(router.state.location.pathname) }, replace: true })
      return
    case 'redirect-404':
      await router.navigate({ to: '/404', replace: true })
      return
    case 'dialog':
      openDialog(effect.message ?? i18n._(text.somethingWrong))
      return
    case 'bot-check-dialog':
      openDialog(i18n._(botCheckFailedMessage))
      return
    case 'suspended-dialog':
      openDialog(i18n._(suspendedMessage))
      // The member's pages read the suspension again: its notice shows at the top.
      await queryClient.invalidateQueries({ queryKey: ['member', 'info'] })
      return
    case 'staff-forbidden-dialog':
      openDialog(i18n._(text.staffForbidden))
      return
    case 'staff-gone-dialog':
      openDialog(i18n._(text.staffGone))
      await queryClient.invalidateQueries({ queryKey: ['member', 'ops'] })
      return
    case 'generic-dialog':
      openDialog(i18n._(text.somethingWrong))
      return
    case 'second-factor': {
      const back = router.state.location.href
      if (router.state.location.pathname.endsWith('/second-factor')) return
      await router.navigate({ to: '/$locale/second-factor', params: { locale: localeOf(router.state.location.pathname) }, search: { redirect: back } })
      return
    }
    case 'session-expired': {
      if (endingSession) return
      endingSession = true
      try {
        // Where the member is, or was going (a navigation may be under way): back there after signing in.
        const back = withoutSecrets(router.state.location.href)
        await endExpiredSession(queryClient)
        // After sign-out (which resets feedback), so the toast stays on screen for its life.
        showSessionExpiredToast()
        await router.navigate({
          to: '/$locale/user/login',
          params: { locale: localeOf(router.state.location.pathname) },
          search: { redirect: back },
          replace: true,
        })
      } finally {
        endingSession = false
      }
      return
    }
  }
}
