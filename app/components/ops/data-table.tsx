import { useLingui } from '@lingui/react/macro'
import { flexRender, tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table'
import { ArrowDown, ArrowUp } from 'lucide-react'
import type { KeyboardEvent, ReactNode } from 'react'
import { ScrollRegion } from '~/components/ui/scroll-region'
import { cn } from '~/lib/cn'

/** The console's tables sort, filter and page on the server: the grid itself only lays rows out. */
const features = tableFeatures({})

export type SortState = { column: string; direction: 'asc' | 'desc' } | null

export interface DataTableProps<Row extends RowData> {
  caption: string
  columns: ColumnDef<typeof features, Row, unknown>[]
  rows: Row[]
  rowId: (row: Row) => string
  /** The row shown in detail beside the table (aria-selected), if any. */
  activeId?: string | null
  onActivate?: (row: Row) => void
  /** Columns the server can sort by, and how the table is sorted now. */
  sortable?: Record<string, true>
  sort?: SortState
  onSort?: (column: string) => void
  empty: ReactNode
  /** The column that names each row (a person, a campaign): its cells are the rows' headers. */
  rowHeader?: string
}

/**
 * Every list in the console is this table. A row that can be opened is reached with Tab and opened
 * with Enter or Space (or a click); the sort buttons in the headers say which way the table is
 * sorted; on a narrow screen the table scrolls sideways in a region the keyboard can reach.
 */
export function DataTable<Row extends RowData>({
  caption,
  columns,
  rows,
  rowId,
  activeId,
  onActivate,
  sortable,
  sort,
  onSort,
  empty,
  rowHeader,
}: DataTableProps<Row>) {
  const { t } = useLingui()
  const table = useTable({ features, columns, data: rows, getRowId: (row) => rowId(row) })
  const onKey = (row: Row) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      onActivate?.(row)
    }
  }
  return (
    <ScrollRegion label={caption} className="rounded-xl border border-line bg-white">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-canvas text-ink">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const id = header.column.id
                const sorted = sort?.column === id ? sort.direction : null
                const label = flexRender(header.column.columnDef.header, header.getContext())
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className="px-3 py-2 font-semibold"
                    aria-sort={sorted ? (sorted === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    {sortable?.[id] && onSort ? (
                      <button type="button" className="inline-flex items-center gap-1 underline-offset-2 hover:underline" onClick={() => onSort(id)}>
                        {label}
                        {sorted === 'asc' && <ArrowUp className="size-4" aria-hidden="true" />}
                        {sorted === 'desc' && <ArrowDown className="size-4" aria-hidden="true" />}
                        <span className="sr-only">{sorted ? t`(sorted; select to reverse)` : t`(select to sort)`}</span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                )
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-3 py-6 text-center text-muted">
                {empty}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => {
              const active = activeId === row.id
              return (
                <tr
                  key={row.id}
                  data-row-id={row.id}
                  tabIndex={onActivate ? 0 : undefined}
                  aria-selected={onActivate ? active : undefined}
                  onClick={onActivate ? () => onActivate(row.original) : undefined}
                  onKeyDown={onActivate ? onKey(row.original) : undefined}
                  className={cn(
                    'border-t border-line align-top',
                    onActivate && 'cursor-pointer hover:bg-canvas focus:outline-2 focus:outline-colbolt',
                    active && 'bg-authentic-soft',
                  )}
                >
                  {row.getAllCells().map((cell) =>
                    cell.column.id === rowHeader ? (
                      <th key={cell.id} scope="row" className="px-3 py-2 font-normal">
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </th>
                    ) : (
                      <td key={cell.id} className="px-3 py-2">
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ),
                  )}
                </tr>
              )
            })
          )}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

/** Which page of how many, with the way to the previous and the next. */
export function Pager({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const { t } = useLingui()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1
  const to = Math.min(total, page * pageSize)
  return (
    <nav aria-label={t`Pages`} className="mt-3 flex items-center justify-between gap-3 text-sm">
      <p aria-live="polite">{t`${from}–${to} of ${total}`}</p>
      <div className="flex gap-2">
        <button type="button" className="rounded border border-line px-3 py-1 disabled:opacity-50" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t`Previous page`}
        </button>
        <span>{t`Page ${page} of ${pages}`}</span>
        <button type="button" className="rounded border border-line px-3 py-1 disabled:opacity-50" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t`Next page`}
        </button>
      </div>
    </nav>
  )
}

/** A column of a console table: `id`, `header`, and a `cell` that renders from `row.original`. */
export type OpsColumn<Row extends RowData> = ColumnDef<typeof features, Row, unknown>
