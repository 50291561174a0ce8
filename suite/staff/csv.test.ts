import { describe, expect, it } from 'vitest'
import { csvField, CsvSyntaxError, parseCsv } from './csv'

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

  it('writes fields a spreadsheet reads back as text, never as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField(null)).toBe('')
    expect(parseCsv(`${csvField('line\nbreak')},${csvField('q"uote')}\r\n`)).toEqual([{ line: 1, fields: ['line\nbreak', 'q"uote'] }])
  })
})
