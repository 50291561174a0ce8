// CSV as fulfilment partners and spreadsheets write it (RFC 4180): comma-separated, fields quoted
// with double quotes, CRLF or LF line ends, an optional UTF-8 byte order mark.
//
// Every CSV the product writes goes through csvField, so that no cell becomes a formula in a
// spreadsheet, whatever list separator it opens the file with: every field is quoted, and a
// formula's first character is defused with a leading ' wherever a cell could start — at the
// field's start, and after each character a spreadsheet may split cells or rows at (a comma, a
// semicolon, a tab, a line break), for one that reads the file with another separator or ignores
// the quotes. A value such as `a;=1+1` is therefore written `"a;'=1+1"`.

// What a spreadsheet takes as the start of a formula: =, +, -, @, a tab, a carriage return, and
// their full-width forms; where it may start a new cell or row: after either list separator, a tab
// or a line break.
/** A formula's first character where a cell could start: at the text's start or after a cell break. */
const FORMULA_AT_CELL_START = /(?:^|[,;\t\r\n])[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/
/** Each place such a character stands (zero-width, so a tab that both breaks and starts a cell counts at each place). */
const BEFORE_FORMULA_AT_CELL_START = /(?<=^|[,;\t\r\n])(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g

/** A value's text with a ' put before every formula a spreadsheet could find in it: at its start and after every cell break. */
export function defuseFormulas(text: string): string {
  // Most values (ids, dates, names, numbers) hold none: they are returned as they are, unscanned char by char.
  return FORMULA_AT_CELL_START.test(text) ? text.replace(BEFORE_FORMULA_AT_CELL_START, "'") : text
}

/** One CSV field: always quoted, and any formula in it defused (defuseFormulas). */
export function csvField(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)
  return `"${defuseFormulas(text).replaceAll('"', '""')}"`
}

export const csvLine = (values: readonly unknown[]) => `${values.map(csvField).join(',')}\r\n`

export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message)
  }
}

/** The records of a CSV text, each with the line it starts on (1-based). Blank lines, and rows of empty fields only (as spreadsheets save them), are skipped. */
export function parseCsv(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = []
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text
  let fields: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let recordLine = 1
  let i = 0
  const endRecord = () => {
    fields.push(field)
    if (fields.some((value) => value.trim() !== '')) records.push({ line: recordLine, fields })
    fields = []
    field = ''
  }
  while (i < input.length) {
    const ch = input[i]!
    if (quoted) {
      if (ch === '"') {
        if (input[i + 1] === '"') {
          field += '"'
          i += 2
          continue
        }
        quoted = false
      } else {
        if (ch === '\n') line++
        field += ch
      }
      i++
      continue
    }
    if (ch === '"') {
      if (field !== '') throw new CsvSyntaxError(line, 'a quote inside an unquoted field')
      quoted = true
    } else if (ch === ',') {
      fields.push(field)
      field = ''
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && input[i + 1] === '\n') i++
      endRecord()
      line++
      recordLine = line
    } else field += ch
    i++
  }
  if (quoted) throw new CsvSyntaxError(recordLine, 'a quoted field is not closed')
  if (field !== '' || fields.length > 0) endRecord()
  return records
}
