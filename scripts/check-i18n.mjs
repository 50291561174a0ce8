// Fails when the Lingui catalog is out of date with the code (`lingui check sync`) or has a message
// whose translation is empty (which would show a bare id such as "404.title" to members).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

const root = resolve(import.meta.dirname, '..')
// The portal's catalog and the member API's (its e-mails and texts, suite/messages/).
const catalogPaths = ['locales/en/messages.po', 'locales/en/suite.po'].map((path) => resolve(root, path))
const linguiCli = resolve(root, 'node_modules/@lingui/cli/dist/lingui.js')

/** The entries of a .po file as { msgid, msgstr } with continuation lines joined. */
export function parsePo(text) {
  const entries = []
  let current = null
  let field = null
  const unquote = (s) => JSON.parse(s)
  for (const line of text.split('\n')) {
    const start = /^(msgid|msgstr) (".*")$/.exec(line)
    if (start) {
      if (start[1] === 'msgid') {
        current = { msgid: '', msgstr: '' }
        entries.push(current)
      }
      field = start[1]
      if (current) current[field] = unquote(start[2])
    } else if (/^".*"$/.test(line) && current && field) {
      current[field] += unquote(line)
    } else if (!line.trim()) {
      field = null
    }
  }
  return entries.filter((entry) => entry.msgid !== '')
}

try {
  execFileSync(process.execPath, [linguiCli, 'check', 'sync', '--clean'], { cwd: root, stdio: 'pipe' })
} catch (error) {
  console.error(String(error.stdout ?? ''))
  console.error('locales/en/*.po are out of date with the code: run `npm run i18n:extract` and commit the result.')
  process.exit(1)
}
const entries = []
for (const catalogPath of catalogPaths) {
  const own = parsePo(readFileSync(catalogPath, 'utf8'))
  const untranslated = own.filter((entry) => entry.msgstr.trim() === '')
  for (const entry of untranslated) console.error(`No translation for "${entry.msgid}" in ${catalogPath.slice(root.length + 1)}`)
  if (untranslated.length > 0) process.exit(1)
  entries.push(...own)
}
console.log(`i18n: catalog in sync with the code; ${entries.length} messages, all translated.`)
