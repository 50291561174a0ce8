import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  addMonths,
  dayOfWeek,
  endOfWeek,
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
  startOfWeek,
  utcToWallTime,
  wallTimeToUtc,
  zoneOffsetMinutes,
  type CalendarDate,
} from './date-time'

const day = (year: number, month: number, d: number): CalendarDate => ({ year, month, day: d })
const utc = (iso: string) => Date.parse(iso)
const iso = (epochMs: number) => new Date(epochMs).toISOString()

describe('mm/dd/yy', () => {
  it('reads month first, with a two-digit year in the 2000s', () => {
    expect(parseDateText('03/15/26')).toEqual({ kind: 'date', date: day(2026, 3, 15) })
    expect(parseDateText(' 3/5/26 ')).toEqual({ kind: 'date', date: day(2026, 3, 5) })
    expect(parseDateText('12/31/99')).toEqual({ kind: 'date', date: day(2099, 12, 31) })
    expect(parseDateText('01/01/00')).toEqual({ kind: 'date', date: day(2000, 1, 1) })
    expect(parseDateText('07/04/2031')).toEqual({ kind: 'date', date: day(2031, 7, 4) })
  })

  it('tells a text of another shape from a day that does not exist', () => {
    expect(parseDateText('')).toEqual({ kind: 'empty' })
    expect(parseDateText('   ')).toEqual({ kind: 'empty' })
    for (const text of ['2026-03-15', '15.03.26', '03/15', '03/15/2', '03/15/202', 'March 15', '03/15/26 10:00', 'ab/cd/ef']) {
      expect(parseDateText(text), text).toEqual({ kind: 'unreadable' })
    }
    for (const text of ['13/40/26', '13/01/26', '00/10/26', '02/29/26', '04/31/26', '02/00/26']) {
      expect(parseDateText(text), text).toEqual({ kind: 'no-such-date' })
    }
    expect(parseDateText('02/29/28')).toEqual({ kind: 'date', date: day(2028, 2, 29) })
  })

  it('writes two digits each, and reads back what it writes', () => {
    expect(formatDateText(day(2026, 3, 5))).toBe('03/05/26')
    expect(formatDateText(day(2100, 12, 31))).toBe('12/31/00')
    for (const date of [day(2026, 1, 1), day(2026, 2, 28), day(2028, 2, 29), day(2099, 12, 31)]) {
      expect(parseDateText(formatDateText(date))).toEqual({ kind: 'date', date })
    }
  })
})

describe('HH:mm', () => {
  it('reads the 24-hour clock, with or without the colon', () => {
    expect(parseTimeText('09:30')).toEqual({ kind: 'time', time: { hour: 9, minute: 30 } })
    expect(parseTimeText('9:05')).toEqual({ kind: 'time', time: { hour: 9, minute: 5 } })
    expect(parseTimeText('1705')).toEqual({ kind: 'time', time: { hour: 17, minute: 5 } })
    expect(parseTimeText('00:00')).toEqual({ kind: 'time', time: { hour: 0, minute: 0 } })
    expect(parseTimeText('23:59')).toEqual({ kind: 'time', time: { hour: 23, minute: 59 } })
    expect(parseTimeText('')).toEqual({ kind: 'empty' })
  })

  it('refuses what is not a time of day', () => {
    for (const text of ['24:00', '12:60', '9', '9:5', '9am', '09:30:00', 'noon', '-1:00']) {
      expect(parseTimeText(text), text).toEqual({ kind: 'unreadable' })
    }
  })

  it('writes two digits each', () => {
    expect(formatTimeText({ hour: 7, minute: 5 })).toBe('07:05')
  })
})

describe('the Sunday-first month grid', () => {
  it('starts each week on Sunday and leaves the days of other months empty', () => {
    // April 2026 begins on a Wednesday and has 30 days.
    const grid = monthGrid(2026, 4)
    expect(grid).toHaveLength(5)
    expect(grid[0]).toEqual([null, null, null, day(2026, 4, 1), day(2026, 4, 2), day(2026, 4, 3), day(2026, 4, 4)])
    expect(grid[4]).toEqual([day(2026, 4, 26), day(2026, 4, 27), day(2026, 4, 28), day(2026, 4, 29), day(2026, 4, 30), null, null])
    for (const week of grid) {
      expect(week).toHaveLength(7)
      const first = week.find((d) => d !== null)!
      expect(dayOfWeek(startOfWeek(first))).toBe(0)
    }
    expect(grid.flat().filter(Boolean)).toHaveLength(30)
  })

  it('has four rows for a February that starts on Sunday and six for a long month that starts late', () => {
    expect(monthGrid(2026, 2)).toHaveLength(4) // 02/01/26 is a Sunday
    expect(monthGrid(2026, 2)[0]![0]).toEqual(day(2026, 2, 1))
    expect(monthGrid(2026, 8)).toHaveLength(6) // 08/01/26 is a Saturday, 31 days
    expect(monthGrid(2026, 8)[0]).toEqual([null, null, null, null, null, null, day(2026, 8, 1)])
    expect(monthGrid(2026, 8)[5]![1]).toEqual(day(2026, 8, 31))
  })

  it('puts every day under its weekday (the column is the day of the week)', () => {
    for (let month = 1; month <= 12; month++) {
      for (const week of monthGrid(2027, month)) {
        week.forEach((d, column) => {
          if (d) expect(dayOfWeek(d)).toBe(column)
        })
      }
    }
  })
})

describe('keys in the grid', () => {
  const start = day(2026, 3, 31) // a Tuesday
  it('move by a day, a week, to the week’s Sunday and Saturday, by a month and by a year', () => {
    expect(moveByKey(start, 'ArrowRight')).toEqual(day(2026, 4, 1))
    expect(moveByKey(start, 'ArrowLeft')).toEqual(day(2026, 3, 30))
    expect(moveByKey(start, 'ArrowDown')).toEqual(day(2026, 4, 7))
    expect(moveByKey(start, 'ArrowUp')).toEqual(day(2026, 3, 24))
    expect(moveByKey(start, 'Home')).toEqual(day(2026, 3, 29))
    expect(moveByKey(start, 'End')).toEqual(day(2026, 4, 4))
    expect(moveByKey(start, 'PageUp')).toEqual(day(2026, 2, 28)) // no 02/31: the month's last day
    expect(moveByKey(start, 'PageDown')).toEqual(day(2026, 4, 30))
    expect(moveByKey(start, 'PageUp', true)).toEqual(day(2025, 3, 31))
    expect(moveByKey(day(2028, 2, 29), 'PageDown', true)).toEqual(day(2029, 2, 28))
    expect(moveByKey(start, 'Enter')).toBeNull()
    expect(moveByKey(start, 'a')).toBeNull()
  })

  it('cross years and keep Sunday–Saturday weeks', () => {
    expect(moveByKey(day(2026, 12, 31), 'ArrowRight')).toEqual(day(2027, 1, 1))
    expect(addMonths(day(2026, 1, 15), -1)).toEqual(day(2025, 12, 15))
    expect(addMonths(day(2026, 11, 30), 3)).toEqual(day(2027, 2, 28))
    expect(startOfWeek(day(2026, 3, 29))).toEqual(day(2026, 3, 29)) // a Sunday is its own week's start
    expect(endOfWeek(day(2026, 4, 4))).toEqual(day(2026, 4, 4)) // a Saturday its own week's end
  })
})

describe('wall time in a zone and UTC', () => {
  it('knows the offsets, half hours included', () => {
    expect(zoneOffsetMinutes('Europe/Paris', utc('2026-01-15T12:00:00Z'))).toBe(60)
    expect(zoneOffsetMinutes('Europe/Paris', utc('2026-07-15T12:00:00Z'))).toBe(120)
    expect(zoneOffsetMinutes('America/New_York', utc('2026-01-15T12:00:00Z'))).toBe(-300)
    expect(zoneOffsetMinutes('Asia/Kolkata', utc('2026-01-15T12:00:00Z'))).toBe(330)
    expect(zoneOffsetMinutes('America/St_Johns', utc('2026-01-15T12:00:00Z'))).toBe(-210)
    expect(zoneOffsetMinutes('UTC', utc('2026-01-15T12:00:00Z'))).toBe(0)
    expect(formatOffset(60)).toBe('UTC+01:00')
    expect(formatOffset(-210)).toBe('UTC-03:30')
    expect(formatOffset(0)).toBe('UTC+00:00')
  })

  it('converts an ordinary day both ways', () => {
    expect(iso(wallTimeToUtc(day(2026, 1, 15), { hour: 9, minute: 30 }, 'Europe/Paris').epochMs)).toBe('2026-01-15T08:30:00.000Z')
    expect(iso(wallTimeToUtc(day(2026, 7, 15), { hour: 9, minute: 30 }, 'Europe/Paris').epochMs)).toBe('2026-07-15T07:30:00.000Z')
    expect(iso(wallTimeToUtc(day(2026, 1, 15), { hour: 23, minute: 0 }, 'America/Los_Angeles').epochMs)).toBe('2026-01-16T07:00:00.000Z')
    expect(utcToWallTime(utc('2026-01-16T07:00:00Z'), 'America/Los_Angeles')).toEqual({ date: day(2026, 1, 15), time: { hour: 23, minute: 0 } })
    expect(utcToWallTime(utc('2026-03-01T00:00:00Z'), 'Asia/Tokyo')).toEqual({ date: day(2026, 3, 1), time: { hour: 9, minute: 0 } })
  })

  it('on the day the clocks go forward (Paris, 03/29/26: 02:00 becomes 03:00)', () => {
    const sunday = day(2026, 3, 29)
    expect(wallTimeToUtc(sunday, { hour: 1, minute: 30 }, 'Europe/Paris')).toEqual({ epochMs: utc('2026-03-29T00:30:00Z'), exact: true })
    expect(wallTimeToUtc(sunday, { hour: 3, minute: 30 }, 'Europe/Paris')).toEqual({ epochMs: utc('2026-03-29T01:30:00Z'), exact: true })
    // 02:30 never shows on the clocks that day: it is read as 03:30, and said to be moved.
    expect(wallTimeToUtc(sunday, { hour: 2, minute: 30 }, 'Europe/Paris')).toEqual({ epochMs: utc('2026-03-29T01:30:00Z'), exact: false })
    expect(utcToWallTime(utc('2026-03-29T01:30:00Z'), 'Europe/Paris').time).toEqual({ hour: 3, minute: 30 })
    // The same wall time before and after the change is a different distance from UTC.
    expect(iso(wallTimeToUtc(day(2026, 3, 28), { hour: 12, minute: 0 }, 'Europe/Paris').epochMs)).toBe('2026-03-28T11:00:00.000Z')
    expect(iso(wallTimeToUtc(day(2026, 3, 30), { hour: 12, minute: 0 }, 'Europe/Paris').epochMs)).toBe('2026-03-30T10:00:00.000Z')
  })

  it('on the day the clocks go back (New York, 11/01/26: 01:00–02:00 comes twice), taking the first', () => {
    const sunday = day(2026, 11, 1)
    expect(wallTimeToUtc(sunday, { hour: 1, minute: 30 }, 'America/New_York')).toEqual({ epochMs: utc('2026-11-01T05:30:00Z'), exact: true })
    expect(wallTimeToUtc(sunday, { hour: 2, minute: 30 }, 'America/New_York')).toEqual({ epochMs: utc('2026-11-01T07:30:00Z'), exact: true })
    expect(utcToWallTime(utc('2026-11-01T06:30:00Z'), 'America/New_York').time).toEqual({ hour: 1, minute: 30 })
  })

  it('in the southern hemisphere and with a half-hour change (Lord Howe Island)', () => {
    // Sydney goes forward on 10/04/26 at 02:00.
    expect(wallTimeToUtc(day(2026, 10, 4), { hour: 2, minute: 15 }, 'Australia/Sydney').exact).toBe(false)
    expect(iso(wallTimeToUtc(day(2026, 10, 4), { hour: 9, minute: 0 }, 'Australia/Sydney').epochMs)).toBe('2026-10-03T22:00:00.000Z')
    // Lord Howe moves by 30 minutes (UTC+10:30 to +11:00) at 02:00 on 10/04/26.
    expect(wallTimeToUtc(day(2026, 10, 4), { hour: 2, minute: 15 }, 'Australia/Lord_Howe')).toEqual({ epochMs: utc('2026-10-03T15:45:00Z'), exact: false })
    expect(utcToWallTime(utc('2026-10-03T15:45:00Z'), 'Australia/Lord_Howe').time).toEqual({ hour: 2, minute: 45 })
  })

  it('every minute of a DST-change day in Paris reads back as typed, except the skipped hour', () => {
    for (const date of [day(2026, 3, 29), day(2026, 10, 25)]) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const time = { hour: Math.floor(minutes / 60), minute: minutes % 60 }
        const { epochMs, exact } = wallTimeToUtc(date, time, 'Europe/Paris')
        const skipped = date.month === 3 && time.hour === 2
        expect(exact, `${formatDateText(date)} ${formatTimeText(time)}`).toBe(!skipped)
        if (!skipped) expect(utcToWallTime(epochMs, 'Europe/Paris')).toEqual({ date, time })
      }
    }
  })

  it('tells a zone name from nonsense', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true)
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false)
  })
})

describe('the date and time fields together', () => {
  it('give an ISO instant in UTC that the contract accepts', () => {
    const reading = readEntry('03/29/26', '09:00', 'Europe/Paris')
    expect(reading).toEqual({ kind: 'value', iso: '2026-03-29T07:00:00.000Z', exact: true })
    if (reading.kind === 'value') expect(v.is(v.pipe(v.string(), v.isoTimestamp()), reading.iso)).toBe(true)
  })

  it('take the default time when only the date is there, and are empty when both are', () => {
    expect(readEntry('01/15/26', '', 'Europe/Paris')).toEqual({ kind: 'value', iso: '2026-01-14T23:00:00.000Z', exact: true })
    expect(readEntry('01/15/26', ' ', 'UTC', { hour: 23, minute: 59 })).toEqual({ kind: 'value', iso: '2026-01-15T23:59:00.000Z', exact: true })
    expect(readEntry('', '', 'UTC')).toEqual({ kind: 'empty' })
  })

  it('say what is wrong with each field', () => {
    expect(readEntry('13/40/26', '09:00', 'UTC')).toEqual({ kind: 'invalid', date: 'no-such-date', time: undefined })
    expect(readEntry('soon', '25:00', 'UTC')).toEqual({ kind: 'invalid', date: 'unreadable', time: 'unreadable' })
    expect(readEntry('', '09:00', 'UTC')).toEqual({ kind: 'invalid', date: 'missing', time: undefined })
    expect(readEntry('03/15/26', '9h', 'UTC')).toEqual({ kind: 'invalid', date: undefined, time: 'unreadable' })
  })

  it('say when a time was moved because the clocks skipped it', () => {
    expect(readEntry('03/29/26', '02:30', 'Europe/Paris')).toEqual({ kind: 'value', iso: '2026-03-29T01:30:00.000Z', exact: false })
  })

  it('show a stored instant on the zone’s clock', () => {
    expect(entryTexts('2026-03-29T07:00:00.000Z', 'Europe/Paris')).toEqual({ date: '03/29/26', time: '09:00' })
    expect(entryTexts('2026-03-29T07:00:00.000Z', 'America/New_York')).toEqual({ date: '03/29/26', time: '03:00' })
    expect(entryTexts('2026-01-01T02:00:00Z', 'America/Los_Angeles')).toEqual({ date: '12/31/25', time: '18:00' })
    expect(entryTexts('', 'UTC')).toEqual({ date: '', time: '' })
    expect(entryTexts('not a date', 'UTC')).toEqual({ date: '', time: '' })
  })
})
