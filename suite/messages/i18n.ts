// The member API's words, through Lingui like the portal's: every message text is a descriptor
// marked /*i18n*/ in suite/messages/, extracted by `npm run i18n:extract` into
// locales/{locale}/suite.po (lingui.config.ts), and read from that catalog here. The member API runs
// on tsx, which cannot compile Lingui's macros, so descriptors carry explicit ids and the catalog is
// compiled at start-up with Lingui's own message compiler (in production too).
import { readFileSync } from 'node:fs'
import { setupI18n, type MessageDescriptor } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'

export const MESSAGE_LOCALE = 'en'

/** The msgid → msgstr pairs of a .po file (continuation lines joined). */
export function parsePo(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  let id: string | null = null
  let str: string | null = null
  let field: 'id' | 'str' | null = null
  const flush = () => {
    if (id && str !== null) out[id] = str
    id = null
    str = null
  }
  for (const line of text.split('\n')) {
    const start = /^(msgid|msgstr) (".*")$/.exec(line)
    if (start) {
      if (start[1] === 'msgid') {
        flush()
        id = JSON.parse(start[2]!) as string
        field = 'id'
      } else {
        str = JSON.parse(start[2]!) as string
        field = 'str'
      }
    } else if (/^".*"$/.test(line) && field) {
      const more = JSON.parse(line) as string
      if (field === 'id') id = (id ?? '') + more
      else str = (str ?? '') + more
    } else if (!line.trim()) {
      field = null
    }
  }
  flush()
  return out
}

const catalog = parsePo(readFileSync(new URL(`../../locales/${MESSAGE_LOCALE}/suite.po`, import.meta.url), 'utf8'))

export const i18n = setupI18n()
i18n.setMessagesCompiler(compileMessage)
i18n.load(MESSAGE_LOCALE, Object.fromEntries(Object.entries(catalog).map(([id, text]) => [id, compileMessage(text)])))
i18n.activate(MESSAGE_LOCALE)

/** One message text in the member's words, its placeholders filled. */
export function say(descriptor: MessageDescriptor, values?: Record<string, unknown>): string {
  return i18n._(descriptor.id, values, { message: descriptor.message })
}
