// The locale a link or a redirect goes to, from one place: the page's own `$locale` segment, or
// the default locale where the address has none (`/`, `/404`, server code without a page).
import { useRouterState } from '@tanstack/react-router'
import { DEFAULT_LOCALE, isLocale, type Locale } from '~/i18n/i18n'
import { localeOfPath } from '~/i18n/locale-cookie'

/** The locale of an address: its first segment when that is a locale the portal serves, else the default. */
export function localeOf(pathname: string): Locale {
  const first = localeOfPath(pathname)
  return first && isLocale(first) ? first : DEFAULT_LOCALE
}

/** An address of the portal under a locale: `localePath('/member/phone')` is `/en/member/phone`. */
export function localePath(path: `/${string}`, locale: Locale = DEFAULT_LOCALE): string {
  return `/${locale}${path}`
}

/** The locale of the page being shown, for its links (`params={{ locale }}`). */
export function useLocale(): Locale {
  return useRouterState({ select: (state) => localeOf(state.location.pathname) })
}
