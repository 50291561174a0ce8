// The console's date and time field: a day typed as mm/dd/yy or chosen on a calendar (a dialog
// holding a Sunday-first grid, WAI-ARIA date picker dialog pattern), a time typed as HH:mm on the
// 24-hour clock, and the time zone they are meant in stated beside them. The value in and out is
// an instant in UTC (ISO), '' when both fields are empty, and null while what is typed cannot be
// read (the field keeps the text and says what is wrong; a form's schema refuses null).
import * as Popover from '@radix-ui/react-popover'
import { useLingui } from '@lingui/react/macro'
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react'
import { useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react'
import { weekdayOrder } from '~/lib/date-format'
import { cn } from '~/lib/cn'
import {
  addMonths,
  dateKey,
  entryTexts,
  formatDateText,
  formatOffset,
  formatTimeText,
  isValidTimeZone,
  monthGrid,
  moveByKey,
  parseDateText,
  parseTimeText,
  readEntry,
  sameDate,
  utcToWallTime,
  zoneOffsetMinutes,
  type CalendarDate,
  type EntryReading,
  type WallTime,
} from '~/lib/date-time'
import { liveRegion } from './live-region'

/** The zone stated when the browser's is not known yet: the server's render and hydration. */
export const FALLBACK_TIME_ZONE = 'UTC'

let browserZone: string | undefined
function readBrowserTimeZone(): string {
  if (browserZone === undefined) {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    browserZone = zone && isValidTimeZone(zone) ? zone : FALLBACK_TIME_ZONE
  }
  return browserZone
}
const noSubscription = () => () => {}

/**
 * The browser's time zone (IANA). The server's render and the hydration say FALLBACK_TIME_ZONE;
 * right after hydration React renders again with the browser's (no mismatch).
 */
export function useBrowserTimeZone(): string {
  return useSyncExternalStore(noSubscription, readBrowserTimeZone, () => FALLBACK_TIME_ZONE)
}

export type DateTimePickerProps = {
  /** The field's name, said before each part ("Sign-up opens"). */
  label: string
  /** An ISO instant, '' for none; null keeps what the fields hold (what was typed and cannot be read). */
  value: string | null
  /** The instant typed or chosen, '' when both fields are emptied, null while what is typed cannot be read. */
  onChange: (value: string | null) => void
  onBlur?: () => void
  description?: ReactNode
  /** The page's sentence when the form refuses the value; a problem with what was typed is said instead when there is one. */
  error?: string
  /** The zone the fields are read in (IANA); the browser's by default. */
  timeZone?: string
  /** false: a day only, read at `defaultTime`. */
  withTime?: boolean
  /** HH:mm put in the time field when a day is given with the time empty (00:00). */
  defaultTime?: string
  /** A hidden input of this name holds the value (ISO, or '' when none). */
  name?: string
  /** The date input's id. */
  id?: string
  className?: string
  disabled?: boolean
}

type Entry = {
  date: string
  time: string
  /** The value these texts stand for (what was last given or sent). */
  source: string | null
  zone: string
  /** Problems with the texts are shown (after leaving a field or choosing on the calendar). */
  checked: boolean
  /** Said when a time the clocks skip was moved. */
  note: string | null
  /** What leaving a field last had read out, so leaving the next one does not repeat it. */
  said: string
}

const controlClass = 'rounded-lg border bg-white px-3 py-2.5 text-ink placeholder:text-muted focus-visible:outline-3 focus-visible:outline-focus-ring'

/** A date and, unless `withTime` is false, a time, in a stated time zone. */
export function DateTimePicker({
  label,
  value,
  onChange,
  onBlur,
  description,
  error,
  timeZone,
  withTime = true,
  defaultTime = '00:00',
  name,
  id,
  className,
  disabled,
}: DateTimePickerProps) {
  const { t, i18n } = useLingui()
  const browserZone = useBrowserTimeZone()
  const zone = timeZone ?? browserZone
  const fallbackTime = parseTimeText(defaultTime)
  const startTime: WallTime = fallbackTime.kind === 'time' ? fallbackTime.time : { hour: 0, minute: 0 }
  const [entry, setEntry] = useState<Entry>(() => ({ ...entryTexts(value ?? '', zone), source: value, zone, checked: false, note: null, said: '' }))
  const [open, setOpen] = useState(false)
  // When nothing is entered, the zone's offset is stated for the time the field appeared.
  const [shownAt] = useState(() => Date.now())

  // A new value from outside (or the zone known after hydration): the fields show it.
  if (value !== null && (value !== entry.source || zone !== entry.zone)) {
    setEntry({ ...entryTexts(value, zone), source: value, zone, checked: false, note: null, said: '' })
  }

  const generated = useId()
  const dateId = id ?? `${generated}-date`
  const ids = {
    legend: `${generated}-legend`,
    dateLabel: `${generated}-date-label`,
    time: `${generated}-time`,
    timeLabel: `${generated}-time-label`,
    zone: `${generated}-zone`,
    description: `${generated}-description`,
    error: `${generated}-error`,
    note: `${generated}-note`,
  }

  const reading = readEntry(entry.date, withTime ? entry.time : '', zone, startTime)
  const problems = problemTexts(reading, entry.date)
  const showProblems = problems.length > 0 && (entry.checked || Boolean(error))
  const errorText = showProblems ? problems.join(' ') : error
  const dateInvalid = showProblems ? reading.kind === 'invalid' && reading.date !== undefined : Boolean(error)
  const timeInvalid = showProblems && reading.kind === 'invalid' && reading.time !== undefined

  const instant = value && entry.source === value ? Date.parse(value) : reading.kind === 'value' ? Date.parse(reading.iso) : Number.NaN
  // Before hydration this is the fallback zone at offset 0 on both sides, so nothing differs.
  const offset = formatOffset(zoneOffsetMinutes(zone, Number.isNaN(instant) ? shownAt : instant))
  const zoneText = withTime ? t`Times in ${zone} (${offset})` : t`Dates in ${zone} (${offset})`

  function problemTexts(read: EntryReading, dateText: string): string[] {
    if (read.kind !== 'invalid') return []
    const texts: string[] = []
    const typed = dateText.trim()
    if (read.date === 'unreadable') texts.push(t`Enter the date as mm/dd/yy, for example 07/04/26.`)
    if (read.date === 'no-such-date') texts.push(t`There is no date ${typed}: enter the month first, then the day, as mm/dd/yy (for example 07/04/26).`)
    if (read.date === 'missing') texts.push(t`Enter the date as well as the time.`)
    if (read.time === 'unreadable') texts.push(t`Enter the time as HH:mm on the 24-hour clock, for example 09:30 or 17:00.`)
    return texts
  }

  /** The fields now hold these texts: send the value they stand for. `settle`: leaving a field or choosing a day. */
  function commit(date: string, time: string, settle: boolean) {
    if (settle && value) {
      // Untouched texts keep the value as it is (the second 01:30 of a night the clocks go back reads as the first).
      const shown = entryTexts(value, zone)
      if (date === shown.date && (!withTime || time === shown.time)) {
        setEntry({ ...entry, date, time, checked: true })
        return
      }
    }
    const read = readEntry(date, withTime ? time : '', zone, startTime)
    const next = read.kind === 'empty' ? '' : read.kind === 'value' ? read.iso : null
    let texts = { date, time }
    let note: string | null = null
    if (settle && read.kind === 'value') {
      // Written back the way it is read: 3/5/26 as 03/05/26, an empty time as the default, a skipped time as the one it became.
      texts = entryTexts(read.iso, zone)
      if (!withTime) texts.time = time
      if (!read.exact) {
        const typedTime = time.trim()
        const shownDate = texts.date
        const shownTime = texts.time
        note = t`There is no ${typedTime} on ${shownDate} in ${zone}: the clocks go forward. The time is ${shownTime}.`
      }
    }
    // Leaving a field reads out what is wrong (its text is beside the field, but focus has moved on).
    const said = settle ? [...problemTexts(read, date), ...(note ? [note] : [])].join(' ') : ''
    if (said && said !== entry.said) liveRegion.announce(said, 'polite')
    setEntry({ ...texts, source: next, zone, checked: settle, note, said })
    if (next !== value) onChange(next)
  }

  function leave() {
    commit(entry.date, entry.time, true)
    onBlur?.()
  }

  const chosen = parseDateText(entry.date)
  const chosenDate = chosen.kind === 'date' ? chosen.date : null
  const chosenLong = chosenDate ? longDate(chosenDate, i18n.locale) : null
  const describedBy = (invalid: boolean) =>
    [ids.zone, description ? ids.description : null, entry.note ? ids.note : null, invalid || (!showProblems && error) ? ids.error : null]
      .filter(Boolean)
      .join(' ')

  return (
    <fieldset className={cn('flex min-w-0 flex-col gap-1.5', className)} disabled={disabled}>
      <legend id={ids.legend} className="mb-1.5 font-semibold text-ink">
        {label}
      </legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label id={ids.dateLabel} htmlFor={dateId} className="text-sm text-ink">
            {t`Date`} <span className="text-muted">{t`(mm/dd/yy)`}</span>
          </label>
          <div className="flex gap-1.5">
            <input
              id={dateId}
              type="text"
              autoComplete="off"
              spellCheck={false}
              placeholder="mm/dd/yy"
              size={10}
              aria-labelledby={`${ids.legend} ${ids.dateLabel}`}
              aria-describedby={describedBy(dateInvalid)}
              aria-invalid={dateInvalid ? true : undefined}
              className={cn(controlClass, 'w-32', dateInvalid ? 'border-danger' : 'border-[#8a94a6]')}
              value={entry.date}
              onChange={(event) => commit(event.target.value, entry.time, false)}
              onBlur={leave}
            />
            <Popover.Root open={open} onOpenChange={setOpen} modal>
              <Popover.Trigger asChild>
                <button
                  type="button"
                  aria-label={chosenLong ? t`Change date for ${label}, ${chosenLong}` : t`Choose date for ${label}`}
                  className="inline-flex items-center justify-center rounded-lg border border-[#8a94a6] bg-white px-3 text-ink hover:bg-authentic-soft focus-visible:outline-3 focus-visible:outline-focus-ring disabled:opacity-60"
                >
                  <CalendarDays aria-hidden="true" className="size-5" />
                </button>
              </Popover.Trigger>
              <Popover.Portal>
                <Popover.Content
                  align="start"
                  sideOffset={6}
                  collisionPadding={8}
                  aria-modal="true"
                  aria-label={t`Choose date for ${label}`}
                  className="z-modal rounded-xl border border-line bg-white p-3 text-ink shadow-xl"
                  // The calendar puts the focus on its day itself.
                  onOpenAutoFocus={(event) => event.preventDefault()}
                >
                  <Calendar
                    selected={chosenDate}
                    zone={zone}
                    locale={i18n.locale}
                    onChoose={(date) => {
                      const time = withTime && entry.time.trim() === '' ? formatTimeText(startTime) : entry.time
                      commit(formatDateText(date), time, true)
                      setOpen(false)
                    }}
                  />
                </Popover.Content>
              </Popover.Portal>
            </Popover.Root>
          </div>
        </div>
        {withTime && (
          <div className="flex flex-col gap-1">
            <label id={ids.timeLabel} htmlFor={ids.time} className="text-sm text-ink">
              {t`Time`} <span className="text-muted">{t`(HH:mm, 24-hour)`}</span>
            </label>
            <input
              id={ids.time}
              type="text"
              autoComplete="off"
              spellCheck={false}
              placeholder="HH:mm"
              size={5}
              aria-labelledby={`${ids.legend} ${ids.timeLabel}`}
              aria-describedby={describedBy(timeInvalid)}
              aria-invalid={timeInvalid ? true : undefined}
              className={cn(controlClass, 'w-24', timeInvalid ? 'border-danger' : 'border-[#8a94a6]')}
              value={entry.time}
              onChange={(event) => commit(entry.date, event.target.value, false)}
              onBlur={leave}
            />
          </div>
        )}
      </div>
      {name !== undefined && <input type="hidden" name={name} value={value ?? ''} />}
      <p id={ids.zone} className="text-sm text-muted">
        {zoneText}
      </p>
      {description && (
        <div id={ids.description} className="text-sm text-muted">
          {description}
        </div>
      )}
      {entry.note && (
        <p id={ids.note} className="text-sm text-ink">
          {entry.note}
        </p>
      )}
      {errorText && (
        <p id={ids.error} className="text-sm font-medium text-danger">
          {errorText}
        </p>
      )}
    </fieldset>
  )
}

const longDates = new Map<string, Intl.DateTimeFormat>()
/** Sunday, March 15, 2026 (in the page's language). */
function longDate(date: CalendarDate, locale: string): string {
  let format = longDates.get(locale)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })
    longDates.set(locale, format)
  }
  return format.format(Date.UTC(date.year, date.month - 1, date.day))
}

/** The weekdays in the calendar's order (Sunday first): two letters shown, the full name read. */
function weekdayNames(locale: string): { short: string; long: string }[] {
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' })
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' })
  // 01/04/26 is a Sunday.
  return weekdayOrder().map((weekday) => {
    const day = Date.UTC(2026, 0, 4 + weekday)
    return { short: short.format(day).slice(0, 2), long: long.format(day) }
  })
}

type CalendarProps = { selected: CalendarDate | null; zone: string; locale: string; onChoose: (date: CalendarDate) => void }

/**
 * The month grid of the date picker dialog. One day is in the tab order (the chosen one, else
 * today); arrows move by a day or a week, Home and End to Sunday and Saturday, Page Up and Page
 * Down by a month (Shift: a year), Enter or Space chooses. Escape is the dialog's: it closes and
 * gives the focus back to the calendar button.
 */
function Calendar({ selected, zone, locale, onChoose }: CalendarProps) {
  const { t } = useLingui()
  const [today] = useState(() => utcToWallTime(Date.now(), zone).date)
  const [focus, setFocus] = useState<{ date: CalendarDate; take: boolean }>({ date: selected ?? today, take: true })
  const grid = useRef<HTMLTableElement>(null)
  const headingId = useId()
  const hintId = useId()

  useEffect(() => {
    if (!focus.take) return
    grid.current?.querySelector<HTMLButtonElement>(`[data-date="${dateKey(focus.date)}"]`)?.focus({ preventScroll: true })
  }, [focus])

  const { year, month } = focus.date
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, 1))
  const navClass =
    'inline-flex size-9 items-center justify-center rounded-lg text-ink hover:bg-authentic-soft focus-visible:outline-3 focus-visible:outline-focus-ring'

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <button type="button" className={navClass} aria-label={t`Previous month`} onClick={() => setFocus({ date: addMonths(focus.date, -1), take: false })}>
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <div id={headingId} aria-live="polite" className="font-semibold">
          {monthName}
        </div>
        <button type="button" className={navClass} aria-label={t`Next month`} onClick={() => setFocus({ date: addMonths(focus.date, 1), take: false })}>
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
      <table
        ref={grid}
        role="grid"
        aria-labelledby={headingId}
        aria-describedby={hintId}
        className="border-collapse text-center"
        onKeyDown={(event) => {
          if (event.altKey || event.ctrlKey || event.metaKey) return
          if (event.key === 'Enter' || event.key === ' ') {
            // The focused day, whichever button the key was pressed on.
            event.preventDefault()
            onChoose(focus.date)
            return
          }
          const next = moveByKey(focus.date, event.key, event.shiftKey)
          if (!next) return
          event.preventDefault()
          setFocus({ date: next, take: true })
        }}
      >
        <thead>
          <tr>
            {weekdayNames(locale).map((weekday) => (
              <th key={weekday.long} scope="col" className="size-10 text-sm font-semibold text-muted">
                <span aria-hidden="true">{weekday.short}</span>
                <span className="sr-only">{weekday.long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(year, month).map((week, row) => (
            <tr key={row}>
              {week.map((date, column) => {
                if (!date) return <td key={column} role="gridcell" />
                const isSelected = sameDate(date, selected)
                const isToday = sameDate(date, today)
                return (
                  <td key={column} role="gridcell" aria-selected={isSelected}>
                    <button
                      type="button"
                      data-date={dateKey(date)}
                      tabIndex={sameDate(date, focus.date) ? 0 : -1}
                      aria-label={longDate(date, locale)}
                      aria-current={isToday ? 'date' : undefined}
                      onClick={() => onChoose(date)}
                      // Focus that arrives another way (a pointer) moves the grid's day too.
                      onFocus={() => {
                        if (!sameDate(date, focus.date)) setFocus({ date, take: false })
                      }}
                      className={cn(
                        'size-10 rounded-lg text-ink hover:bg-authentic-soft focus-visible:outline-3 focus-visible:outline-focus-ring',
                        isToday && 'font-bold underline underline-offset-4',
                        isSelected && 'bg-toga text-white hover:bg-toga-dark',
                      )}
                    >
                      {date.day}
                    </button>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={hintId} className="max-w-72 text-xs text-muted">
        {t`Arrow keys move by day and week, Page Up and Page Down by month, Home and End to Sunday and Saturday. Enter chooses, Escape closes.`}
      </p>
    </div>
  )
}
