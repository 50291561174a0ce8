import type { I18n, Messages } from '@lingui/core'

/**
 * The catalog with each message that is plain text (nothing to fill in: no value, plural or
 * choice) kept as that text instead of a list of text pieces. Lingui returns a text as it is; a
 * list it interpolates on every call, building its formatters anew each time, and most of a
 * page's messages (labels, headings, links) are plain text.
 *
 * Only in a production build, where `keepText` reads such a text back: elsewhere Lingui's own
 * development compiler reads every text as a message to compile, and a text with a quoted brace
 * would not survive that.
 */
export function withPlainTexts(messages: Messages): Messages {
  if (!import.meta.env.PROD) return messages
  const out: Messages = {}
  for (const [id, message] of Object.entries(messages)) {
    out[id] = Array.isArray(message) && message.every((piece) => typeof piece === 'string') ? message.join('') : message
  }
  return out
}

type MessageCompiler = Parameters<I18n['setMessagesCompiler']>[0]

/**
 * How a production build reads a message that is a text: as it is. Such a text is a plain-text
 * message of the catalog (`withPlainTexts`), or a message's id where the catalog has none. Lingui
 * returns a compiler's text as it is; its type only names the lists a compiler usually returns.
 */
export const keepText = ((message: string) => message) as unknown as MessageCompiler
