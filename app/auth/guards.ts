import { redirect, type ParsedLocation } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import { hasSavedAddress } from '~/auth/address-status'
import { DEFAULT_LOCALE } from '~/i18n/i18n'
import { loadViewer, type Viewer } from './viewer'

/** Guards redirect with 302 (found): the target depends on who is asking, so nothing may cache it. */
const REDIRECT_STATUS = 302

type GuardArgs = { context: { queryClient: QueryClient }; location: ParsedLocation }
type Member = Extract<Viewer, { signedIn: true }>

function toLogin(location: ParsedLocation): never {
  throw redirect({
    to: '/$locale/user/login',
    params: { locale: DEFAULT_LOCALE },
    search: { redirect: location.href },
    statusCode: REDIRECT_STATUS,
  })
}

/** Signed-in guard: a visitor goes to login, with the page they wanted as `redirect`. */
export async function requireMember({ context, location }: GuardArgs): Promise<{ viewer: Member }> {
  const viewer = await loadViewer(context.queryClient)
  if (!viewer.signedIn) toLogin(location)
  return { viewer }
}

/** No-auth guard (login, register): a signed-in member goes to their campaigns. */
export async function requireVisitor({ context }: GuardArgs): Promise<void> {
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
      search: { redirect: args.location.href },
      statusCode: REDIRECT_STATUS,
    })
  }
  return { viewer }
}
