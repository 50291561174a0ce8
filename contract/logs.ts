// Front-end log entries, POST logs_collector.
import * as v from 'valibot'
import { Uuid } from './common'

export const LOG_SEVERITIES = ['DEBUG', 'INFO', 'WARN', 'WARNING', 'ERROR', 'FATAL'] as const
/** Largest accepted request body, in bytes. */
export const LOG_MAX_BODY_BYTES = 16 * 1024
/** Entries one client may send per minute. */
export const LOG_ENTRIES_PER_MINUTE = 60

export const LogEntrySchema = v.strictObject({
  id: Uuid,
  type: v.literal('front-end'),
  application: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  /** The current page address. */
  module: v.pipe(v.string(), v.maxLength(2000)),
  user_auth: v.strictObject({
    type: v.literal('member'),
    roles: v.pipe(v.array(v.pipe(v.string(), v.maxLength(50))), v.maxLength(20)),
    id: v.nullable(v.pipe(v.string(), v.maxLength(128))),
  }),
  severity: v.picklist(LOG_SEVERITIES),
  tags: v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(20)),
  /** `YYYY-MM-DD HH:mm:ss[.SSS]`, a timestamp written without T and Z. */
  event_at: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/, 'must be YYYY-MM-DD HH:mm:ss')),
  log: v.pipe(v.string(), v.maxLength(10_000)),
})
export type LogEntry = v.InferInput<typeof LogEntrySchema>
export const LogAcceptedSchema = v.strictObject({ id: v.string() })

/** Formats an instant the way `event_at` expects (UTC). */
export function formatEventAt(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '')
}
