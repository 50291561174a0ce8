// Success answers: `{ status: "OK", data }`.
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export function ok<T>(c: Context, data: T, status: ContentfulStatusCode = 200) {
  return c.json({ status: 'OK' as const, data }, status)
}
