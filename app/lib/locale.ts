// The locale a link or a redirect goes to, from one place: the page's own `$locale` segment, or
// the default locale where the address has none (`/`, `/404`, server code without a page).
import { useRouterState } from '@tanstack/react-router'
import { createContext, createElement, use, type ReactNode } from 'react'
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

/** The page's locale, read from the address once per render of the document (LocaleProvider). */
const LocaleContext = createContext<Locale>(DEFAULT_LOCALE)

/**
 * Gives every component under it the locale of the page being shown. The document reads the
 * address once here; each link then reads a context, where a subscription to the router's state
 * per component cost every page's render a share of its time (a page has dozens of links).
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const locale = useRouterState({ select: (state) => localeOf(state.location.pathname) })
  return createElement(LocaleContext, { value: locale }, children)
}

/** The locale of the page being shown, for its links (`params={{ locale }}`): the default outside a LocaleProvider. */
export function useLocale(): Locale {
  return use(LocaleContext)
}
