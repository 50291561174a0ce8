// Dates and times as the console's date picker reads and writes them: days typed as mm/dd/yy,
// times as HH:mm on the 24-hour clock, both meant in one named time zone (IANA, e.g.
// Europe/Paris) and kept as an instant in UTC (an ISO string). Time zones go through the
// platform's Intl data, so daylight-saving changes are the zone's own. Calendars start on Sunday.
import { WEEK_STARTS_ON } from './date-format'

/** A day of the calendar, without time or zone; month 1–12. */
export type CalendarDate = { year: number; month: number; day: number }
/** A time of day on a wall clock, 0–23 and 0–59. */
export type WallTime = { hour: number; minute: number }

const DAY_MS = 86_400_000
const MINUTE_MS = 60_000

// ---------------------------------------------------------------------------------------------
// Calendar arithmetic (plain days; Date is used only as a UTC day counter)

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function epochDay(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / DAY_MS
}

function fromEpochDay(days: number): CalendarDate {
  const d = new Date(days * DAY_MS)
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

export function sameDate(a: CalendarDate | null | undefined, b: CalendarDate | null | undefined): boolean {
  return !!a && !!b && a.year === b.year && a.month === b.month && a.day === b.day
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromEpochDay(epochDay(date) + days)
}

/** The same day some months away; a day the target month lacks becomes its last (01/31 + 1 month = 02/28). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months
  const year = Math.floor(index / 12)
  const month = index - year * 12 + 1
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) }
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: CalendarDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()
}

/** The first day of the date's calendar week (a Sunday). */
export function startOfWeek(date: CalendarDate, weekStartsOn: number = WEEK_STARTS_ON): CalendarDate {
  return addDays(date, -((dayOfWeek(date) - weekStartsOn + 7) % 7))
}

/** The last day of the date's calendar week (a Saturday). */
export function endOfWeek(date: CalendarDate, weekStartsOn: number = WEEK_STARTS_ON): CalendarDate {
  return addDays(startOfWeek(date, weekStartsOn), 6)
}

/**
 * A month as calendar rows, each a week of seven days starting on Sunday; the days before the
 * first and after the last of the month are null. Four to six rows.
 */
export function monthGrid(year: number, month: number, weekStartsOn: number = WEEK_STARTS_ON): (CalendarDate | null)[][] {
  const first = { year, month, day: 1 }
  const lead = (dayOfWeek(first) - weekStartsOn + 7) % 7
  const length = daysInMonth(year, month)
  const rows: (CalendarDate | null)[][] = []
  for (let start = -lead; start < length; start += 7) {
    rows.push(Array.from({ length: 7 }, (_, i) => (start + i >= 0 && start + i < length ? { year, month, day: start + i + 1 } : null)))
  }
  return rows
}

/**
 * Where a key moves the focused day of a calendar grid (WAI-ARIA date picker dialog): arrows by a
 * day or a week, Home and End to the week's Sunday and Saturday, Page Up and Page Down by a month
 * (with Shift, a year). Null for any other key.
 */
export function moveByKey(date: CalendarDate, key: string, shiftKey = false): CalendarDate | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1)
    case 'ArrowRight':
      return addDays(date, 1)
    case 'ArrowUp':
      return addDays(date, -7)
    case 'ArrowDown':
      return addDays(date, 7)
    case 'Home':
      return startOfWeek(date)
    case 'End':
      return endOfWeek(date)
    case 'PageUp':
      return addMonths(date, shiftKey ? -12 : -1)
    case 'PageDown':
      return addMonths(date, shiftKey ? 12 : 1)
    default:
      return null
  }
}

/** yyyy-mm-dd, for keys and data attributes. */
export function dateKey(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`
}

// ---------------------------------------------------------------------------------------------
// Typed text

export type DateReading = { kind: 'empty' } | { kind: 'date'; date: CalendarDate } | { kind: 'unreadable' } | { kind: 'no-such-date' }

/**
 * Reads a date typed as mm/dd/yy (month first). One-digit months and days are fine (3/5/26); a
 * two-digit year is 20yy, a four-digit one is taken as it is. "13/40/26" has the shape but no
 * such day: `no-such-date`.
 */
export function parseDateText(text: string): DateReading {
  const trimmed = text.trim()
  if (trimmed === '') return { kind: 'empty' }
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(trimmed)
  if (!match) return { kind: 'unreadable' }
  const month = Number(match[1])
  const day = Number(match[2])
  const year = match[3]!.length === 2 ? 2000 + Number(match[3]) : Number(match[3])
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { kind: 'no-such-date' }
  return { kind: 'date', date: { year, month, day } }
}

/** mm/dd/yy. */
export function formatDateText(date: CalendarDate): string {
  return `${String(date.month).padStart(2, '0')}/${String(date.day).padStart(2, '0')}/${String(date.year % 100).padStart(2, '0')}`
}

export type TimeReading = { kind: 'empty' } | { kind: 'time'; time: WallTime } | { kind: 'unreadable' }

/** Reads a time on the 24-hour clock: 9:30, 09:30, 17:05, or without the colon (0930, 1705). */
export function parseTimeText(text: string): TimeReading {
  const trimmed = text.trim()
  if (trimmed === '') return { kind: 'empty' }
  const match = /^(\d{1,2}):(\d{2})$/.exec(trimmed) ?? /^(\d{1,2})(\d{2})$/.exec(trimmed)
  if (!match) return { kind: 'unreadable' }
  const hour = Number(match[1])
  const minute = Number(match[2])
  if (hour > 23 || minute > 59) return { kind: 'unreadable' }
  return { kind: 'time', time: { hour, minute } }
}

/** HH:mm. */
export function formatTimeText(time: WallTime): string {
  return `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`
}

// ---------------------------------------------------------------------------------------------
// Time zones

export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

const partsFormats = new Map<string, Intl.DateTimeFormat>()

function partsFormat(zone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    partsFormats.set(zone, format)
  }
  return format
}

/** The wall clock of a zone at an instant (to the second). */
function wallClock(epochMs: number, zone: string) {
  const values: Record<string, number> = {}
  for (const part of partsFormat(zone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value)
  }
  return { year: values.year!, month: values.month!, day: values.day!, hour: values.hour!, minute: values.minute!, second: values.second! }
}

/** The zone's offset from UTC at an instant, in minutes (Europe/Paris in winter: 60). */
export function zoneOffsetMinutes(zone: string, epochMs: number): number {
  const wall = wallClock(epochMs, zone)
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
  return Math.round((asUtc - Math.floor(epochMs / 1000) * 1000) / MINUTE_MS)
}

/** An instant's day and time on the zone's wall clock. */
export function utcToWallTime(epochMs: number, zone: string): { date: CalendarDate; time: WallTime } {
  const wall = wallClock(epochMs, zone)
  return { date: { year: wall.year, month: wall.month, day: wall.day }, time: { hour: wall.hour, minute: wall.minute } }
}

/**
 * The instant a wall-clock time in the zone names. When the clocks go back, the hour that comes
 * twice is taken the first time; when they go forward, a time the clocks skip (02:30 in Paris on
 * the last Sunday of March) moves forward by the skipped length (03:30), and `exact` is false.
 * (Temporal's "compatible" choice.)
 */
export function wallTimeToUtc(date: CalendarDate, time: WallTime, zone: string): { epochMs: number; exact: boolean } {
  const local = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute)
  const before = zoneOffsetMinutes(zone, local - DAY_MS)
  const after = zoneOffsetMinutes(zone, local + DAY_MS)
  const candidates = [...new Set([before, after])]
    .map((offset) => local - offset * MINUTE_MS)
    .filter((instant) => zoneOffsetMinutes(zone, instant) * MINUTE_MS === local - instant)
    .sort((a, b) => a - b)
  if (candidates.length > 0) return { epochMs: candidates[0]!, exact: true }
  return { epochMs: local - before * MINUTE_MS, exact: false }
}

/** UTC+01:00, UTC-03:30, UTC+00:00. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

// ---------------------------------------------------------------------------------------------
// The picker's two fields together

export type DateProblem = 'unreadable' | 'no-such-date' | 'missing'
export type EntryReading =
  | { kind: 'empty' }
  /** `exact` false: the time typed does not exist that day (clocks went forward); `iso` is the moved time. */
  | { kind: 'value'; iso: string; exact: boolean }
  | { kind: 'invalid'; date?: DateProblem; time?: 'unreadable' }

/**
 * What the date and time fields hold, read in the zone: nothing (both empty), an instant (ISO,
 * UTC), or what is wrong with each. An empty time with a date takes `defaultTime`; a time without
 * a date is a missing date.
 */
export function readEntry(dateText: string, timeText: string, zone: string, defaultTime: WallTime = { hour: 0, minute: 0 }): EntryReading {
  const date = parseDateText(dateText)
  const time = parseTimeText(timeText)
  if (date.kind === 'empty' && time.kind === 'empty') return { kind: 'empty' }
  const dateProblem: DateProblem | undefined =
    date.kind === 'unreadable' || date.kind === 'no-such-date' ? date.kind : date.kind === 'empty' ? 'missing' : undefined
  const timeProblem = time.kind === 'unreadable' ? ('unreadable' as const) : undefined
  if (dateProblem || timeProblem || date.kind !== 'date') return { kind: 'invalid', date: dateProblem, time: timeProblem }
  const { epochMs, exact } = wallTimeToUtc(date.date, time.kind === 'time' ? time.time : defaultTime, zone)
  return { kind: 'value', iso: new Date(epochMs).toISOString(), exact }
}

/** The fields' texts for a stored value ('' or an ISO instant) in the zone; empty for anything unreadable. */
export function entryTexts(value: string, zone: string): { date: string; time: string } {
  const epochMs = value === '' ? Number.NaN : Date.parse(value)
  if (Number.isNaN(epochMs)) return { date: '', time: '' }
  const wall = utcToWallTime(epochMs, zone)
  return { date: formatDateText(wall.date), time: formatTimeText(wall.time) }
}
