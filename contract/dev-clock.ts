// The suite's clock in local mode, POST suite/api/dev/clock: browser tests move it to age a sign-in
// (or a code, or a campaign window) without waiting. Absent in production.
import * as v from 'valibot'
import { Timestamp } from './common'

/** The largest offset, either way: one day. */
export const DEV_CLOCK_MAX_OFFSET_SECONDS = 24 * 60 * 60

/** The clock reads the real time plus offsetSeconds; 0 puts it back. */
export const DevClockBodySchema = v.strictObject({
  offsetSeconds: v.pipe(v.number(), v.integer(), v.minValue(-DEV_CLOCK_MAX_OFFSET_SECONDS), v.maxValue(DEV_CLOCK_MAX_OFFSET_SECONDS)),
})
export type DevClockBody = v.InferOutput<typeof DevClockBodySchema>
export const DevClockResultSchema = v.strictObject({ offsetSeconds: v.number(), now: Timestamp })
export type DevClockResult = v.InferOutput<typeof DevClockResultSchema>
