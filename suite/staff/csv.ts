// CSV as fulfilment partners and spreadsheets write it (RFC 4180): comma-separated, fields quoted
// with double quotes when they hold a comma, a quote or a line break, CRLF or LF line ends, an
// optional UTF-8 byte order mark.

/** One CSV field: quoted when needed, and a leading =, +, - or @ defused so a spreadsheet never runs it as a formula. */
export function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
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
