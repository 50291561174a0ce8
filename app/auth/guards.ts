import { redirect, type ParsedLocation } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { hasSavedAddress } from '~/auth/address-status'
import { DEFAULT_LOCALE } from '~/i18n/i18n'
import { hasSecrets, withoutSecrets } from '~/lib/address-secrets'
import { loadViewer, type Viewer } from './viewer'

/** Guards redirect with 302 (found): the target depends on who is asking, so nothing may cache it. */
const REDIRECT_STATUS = 302

type GuardArgs = { context: { queryClient: QueryClient }; location: ParsedLocation }
type Member = Extract<Viewer, { signedIn: true }>

/** The page to come back to: never with a secret of its address (the sign-in page and its scripts would hold it). */
function toLogin(location: ParsedLocation): never {
  throw redirect({
    to: '/$locale/user/login',
    params: { locale: DEFAULT_LOCALE },
    search: { redirect: withoutSecrets(location.href) },
    statusCode: REDIRECT_STATUS,
  })
}

/** Signed-in guard: a visitor goes to login, with the page they wanted as `redirect`. */
export async function requireMember({ context, location }: GuardArgs): Promise<{ viewer: Member }> {
  const viewer = await loadViewer(context.queryClient)
  if (!viewer.signedIn) toLogin(location)
  return { viewer }
}

/**
 * No-auth guard (login, register): a signed-in member goes to their campaigns. A `redirect` holding
 * a secret (an old link's, or one typed) is answered with the same page without it, before anything
 * of the page runs.
 */
export async function requireVisitor({ context, location }: GuardArgs): Promise<void> {
  const search = new URLSearchParams(location.searchStr)
  const target = search.get('redirect')
  if (target && hasSecrets(target)) {
    search.set('redirect', withoutSecrets(target))
    throw redirect({ href: `${location.pathname}?${search.toString()}`, statusCode: REDIRECT_STATUS })
  }
  const viewer = await loadViewer(context.queryClient)
  if (viewer.signedIn) {
    throw redirect({ to: '/$locale/member/campaigns', params: { locale: DEFAULT_LOCALE }, statusCode: REDIRECT_STATUS })
  }
}

/** Address guard: signed in first, then a saved address, else the address form with `redirect`. */
export async function requireSavedAddress(args: GuardArgs): Promise<{ viewer: Member }> {
  const { viewer } = await requireMember(args)
  if (!(await hasSavedAddress(args.context.queryClient, args.location))) {
    throw redirect({
      to: '/$locale/member/address',
      params: { locale: DEFAULT_LOCALE },
      search: { redirect: withoutSecrets(args.location.href) },
      statusCode: REDIRECT_STATUS,
    })
  }
  return { viewer }
}
