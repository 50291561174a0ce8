import { i18n } from '@lingui/core'
import { fillNamedValuesDirectly } from './named-values'
import { keepText } from './plain-text'

// A production build's catalog holds its plain-text messages as texts (plain-text.ts).
if (import.meta.env.PROD) i18n.setMessagesCompiler(keepText)
// Before any provider takes `i18n.t`: messages of plain values are filled without Lingui's formatters.
fillNamedValuesDirectly(i18n)

/** The only locale the portal serves. */
export const LOCALES = ['en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value)
}

/**
 * The catalog's content hash (vite.config.ts): part of the messages' address, so a browser may
 * keep a catalog for as long as it likes and a new catalog is a new address.
 */
export const CATALOG_HASH: string = import.meta.env.VITE_I18N_HASH ?? 'development'

/** Where the browser loads a locale's messages: never inside the JavaScript bundle. */
export function catalogUrl(locale: Locale): string {
  return `/_i18n/${CATALOG_HASH}/${locale}/messages.json`
}

export { i18n }
