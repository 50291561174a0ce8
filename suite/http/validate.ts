// Request parsing with the contract's strict schemas: a failure is a 400 with field errors.
import type { Context } from 'hono'
import * as v from 'valibot'
import { fieldErrors } from '../../contract/envelope'
import { badRequest } from './errors'

export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown, what: string): v.InferOutput<S> {
  const result = v.safeParse(schema, input)
  if (!result.success) throw badRequest(`The ${what} is not valid`, fieldErrors(result.issues))
  return result.output
}

/** Parses the JSON body; an empty body counts as `{}` so bodiless commands need no payload. */
export async function parseBody<S extends v.GenericSchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  const raw = await c.req.text()
  let input: unknown = {}
  if (raw.trim() !== '') {
    try {
      input = JSON.parse(raw)
    } catch {
      throw badRequest('The request body must be JSON')
    }
  }
  return parseWith(schema, input, 'request body')
}

/** Parses the query string; a repeated parameter is refused rather than silently picked. */
export function parseQuery<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  const all = c.req.queries()
  const query: Record<string, string> = {}
  for (const [key, values] of Object.entries(all)) {
    if (values.length !== 1) throw badRequest('The query is not valid', { [key]: ['must be given once'] })
    query[key] = values[0] ?? ''
  }
  return parseWith(schema, query, 'query')
}
