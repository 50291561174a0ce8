// What browser tests ask of the member API directly (local mode's dev endpoints): the messages it
// sent, and its clock.
import { expect, inject } from 'vitest'

export type OutboxMessage = {
  to: string
  subject: string | null
  body: string
  /** An e-mail's HTML part. */
  html: string | null
  /** Extra e-mail headers (List-Unsubscribe, List-Unsubscribe-Post on a message a member can turn off). */
  headers: Record<string, string>
  topic: string | null
  template: string | null
}

/** The newest messages the member API sent to an address or number (the local outbox), newest first. */
async function outboxTo(channel: 'email' | 'sms', to: string, limit: number): Promise<OutboxMessage[]> {
  const response = await fetch(`${inject('suiteUrl')}/suite/api/dev/outbox?channel=${channel}&to=${encodeURIComponent(to)}&limit=${limit}`)
  const body = (await response.json()) as { data: { messages: OutboxMessage[] } }
  return body.data.messages
}

/** The newest e-mails to an address. */
export const emailsTo = (to: string, limit = 5) => outboxTo('email', to, limit)

/** The newest text messages to a number. */
export const textsTo = (to: string, limit = 5) => outboxTo('sms', to, limit)

/** The body of the newest text message to a number. */
export async function latestSms(to: string): Promise<string> {
  const [message] = await textsTo(to, 1)
  if (!message) throw new Error(`No text message to ${to} in the outbox`)
  return message.body
}

/** Moves the member API's clock (local mode only): a sign-in looks this many seconds older to it. */
let suiteClockOffsetSeconds = 0
/** The member API's time now, as its clock reads it (moved by setSuiteClock). */
export const suiteNow = () => new Date(Date.now() + suiteClockOffsetSeconds * 1000)

export async function setSuiteClock(offsetSeconds: number): Promise<void> {
  const response = await fetch(`${inject('suiteUrl')}/suite/api/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offsetSeconds }),
  })
  expect(response.status).toBe(200)
  suiteClockOffsetSeconds = offsetSeconds
}

export type Json = Record<string, unknown>

/** A call to the member API, as the member whose ID token is given (none: anonymous); the answer's data. */
export async function callSuite(method: 'GET' | 'POST', path: string, { body, token }: { body?: unknown; token?: string } = {}): Promise<Json> {
  const response = await fetch(`${inject('suiteUrl')}/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await response.json()) as { data?: Json; message?: string }
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${json.message ?? ''}`)
  return json.data ?? {}
}

/** An operator command (select, ship, deliver, approve a review…) through the local-mode dev endpoint. */
export const operatorCommand = (command: Json) => callSuite('POST', 'suite/api/dev/ops', { body: command })
