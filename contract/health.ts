// GET healthz (the process answers) and GET readyz (the database answers).
import * as v from 'valibot'

export const HealthSchema = v.strictObject({ service: v.literal('suite'), uptimeSeconds: v.number() })
export const ReadySchema = v.strictObject({ database: v.literal('up') })
