import { i18n } from '@lingui/core'
import { messages as en } from '../../locales/en/messages.po'

/** The only locale the portal serves (spec section 1). */
export const LOCALES = ['en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value)
}

i18n.load({ en })
i18n.activate(DEFAULT_LOCALE)

export { i18n }
