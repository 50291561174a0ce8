// Reads one-time codes the suite "sent", through the local outbox endpoint.
import { OutboxResultSchema, type OutboxMessage } from '../../contract/outbox'
import { DEV_OUTBOX_PATH } from '../../contract/paths'
import type { SuiteApp } from '../app'
import { call, expectOk } from './harness'

export async function lastCodeSentTo(app: SuiteApp, to: string): Promise<string> {
  const { messages } = expectOk(await call(app, 'GET', DEV_OUTBOX_PATH, { query: { to, limit: '1' } }), OutboxResultSchema)
  const code = /\b(\d{6})\b/.exec(messages[0]?.body ?? '')?.[1]
  if (!code) throw new Error(`No code was sent to ${to}`)
  return code
}

export async function countSentTo(app: SuiteApp, to: string): Promise<number> {
  return expectOk(await call(app, 'GET', DEV_OUTBOX_PATH, { query: { to, limit: '200' } }), OutboxResultSchema).messages.length
}

/** Every message sent to this address or number, newest first. */
export async function messagesTo(app: SuiteApp, to: string): Promise<OutboxMessage[]> {
  return expectOk(await call(app, 'GET', DEV_OUTBOX_PATH, { query: { to, limit: '200' } }), OutboxResultSchema).messages
}
