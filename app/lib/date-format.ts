/** UI date conventions: dates read mm/dd/yy, calendars start on Sunday. */
export const WEEK_STARTS_ON = 0 as const // Sunday

export function formatDate(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0')
  const dd = String(date.getUTCDate()).padStart(2, '0')
  const yy = String(date.getUTCFullYear() % 100).padStart(2, '0')
  return `${mm}/${dd}/${yy}`
}

/** The seven days of a calendar week in display order, starting on Sunday (0 = Sunday … 6 = Saturday). */
export function weekdayOrder(): number[] {
  return Array.from({ length: 7 }, (_, i) => (WEEK_STARTS_ON + i) % 7)
}
