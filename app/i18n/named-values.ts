import type { I18n, MessageDescriptor } from '@lingui/core'

/** Lingui's test for an escaped character it decodes in a translation: such a message goes its own way. */
const ESCAPE_SEQUENCE = /\\u[a-fA-F0-9]{4}|\\x[a-fA-F0-9]{2}/

/**
 * A compiled message whose pieces are texts and plain `{name}` values, filled in as Lingui fills
 * it: each value in place of its name, a missing or null value left out. `undefined` when the
 * message has anything else (a plural, a choice, a number or date format): Lingui reads those.
 */
export function fillNamedValues(message: readonly unknown[], values: Readonly<Record<string, unknown>>): string | undefined {
  let out = ''
  for (const piece of message) {
    if (typeof piece === 'string') out += piece
    else if (Array.isArray(piece) && piece.length === 1 && typeof piece[0] === 'string') {
      const value = values[piece[0]]
      // String concatenation, as Lingui's own: the same text for every value it is given.
      if (value != null) out += value as string
    } else return undefined
  }
  return ESCAPE_SEQUENCE.test(out) ? undefined : out
}

/**
 * Lets `i18n` fill a message of plain `{name}` values itself. Lingui interpolates every message
 * that has a value by building a dozen formatter closures first, on each call; a member page
 * fills a few dozen such messages (a date, a count, a name), and only plurals and formats need
 * the formatters. Every other message, and every message missing from the catalog, still goes
 * through Lingui, so the text is the same either way (named-values.test.ts reads the whole
 * catalog both ways).
 *
 * `t` is replaced too: `useLingui()` hands out `i18n.t`, Lingui's `<Trans>` calls `i18n._`.
 */
export function fillNamedValuesDirectly(i18n: I18n): void {
  const translate = i18n._.bind(i18n)
  const fill = ((id: string | MessageDescriptor, values?: Record<string, unknown>, options?: unknown) => {
    let key = id
    let given = values
    if (typeof key !== 'string' && key != null) {
      given = key.values ?? given
      key = key.id
    }
    if (typeof key === 'string' && given !== undefined) {
      const messages = i18n.messages
      const message = Object.hasOwn(messages, key) ? messages[key] : undefined
      if (Array.isArray(message)) {
        const filled = fillNamedValues(message, given)
        if (filled !== undefined) return filled
      }
    }
    return translate(id as never, values as never, options as never)
  }) as I18n['_']
  i18n._ = fill
  i18n.t = fill
}
