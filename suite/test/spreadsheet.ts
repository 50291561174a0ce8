// Reads a CSV file as a spreadsheet does (SheetJS), with either list separator, to check what a
// person opening an export would get: the cells' texts, and whether any is a formula.
import * as XLSX from 'xlsx'

export interface SheetCell {
  /** The cell's text as the spreadsheet shows it. */
  text: string
  /** The formula, when the spreadsheet took the cell as one. */
  formula: string | null
}

/** The cells of the CSV text, row by row, as a spreadsheet opening it with `separator` reads them. */
export function spreadsheetCells(csv: string, separator: ',' | ';'): SheetCell[][] {
  const book = XLSX.read(csv, { type: 'string', FS: separator, raw: false, dense: false })
  const sheet = book.Sheets[book.SheetNames[0]!]!
  if (!sheet['!ref']) return []
  const range = XLSX.utils.decode_range(sheet['!ref'])
  const rows: SheetCell[][] = []
  for (let r = range.s.r; r <= range.e.r; r++) {
    const row: SheetCell[] = []
    for (let c = range.s.c; c <= range.e.c; c++) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined
      row.push({ text: cell ? String(cell.w ?? cell.v ?? '') : '', formula: cell?.f ?? null })
    }
    rows.push(row)
  }
  return rows
}

/** The cells a spreadsheet would take as formulas, with either separator: none, for a file safe to open. */
export function formulaCells(csv: string): string[] {
  return ([',', ';'] as const).flatMap((separator) =>
    spreadsheetCells(csv, separator).flatMap((row) => row.filter((cell) => cell.formula !== null).map((cell) => `${separator} ${cell.formula}`)),
  )
}
