// The outbox relay against a real SMTP server (smtp-server) and a local stand-in for the SMS API.
import { eq } from 'drizzle-orm'
import pino from 'pino'
import * as v from 'valibot'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { EMAIL_OTP_SEND_PATH } from '../../contract/paths'
import type { Database } from '../db/client'
import { outbox } from '../db/schema'
import { call, createHarness, expectOk, type Harness } from '../test/harness'
import { createTestMember } from '../test/members'
import { createTestDatabase } from '../test/postgres'
import { startSmsApi, startSmtpServer, waitFor } from '../test/delivery-sinks'
import { smtpMail, twilioSms, type Deliverer } from './delivery'
import { createOutboxRelay, type RelayOptions } from './outbox-relay'

const MAIL_FROM = 'Testers Circle <no-reply@testerscircle.example>'
const SID = 'AC0123456789abcdef'
const TOKEN = 'sms-auth-token-0123'
const SMS_FROM = '+4915100000000'

/** A pino logger writing into an array, to check what the relay logs. */
function captureLogs() {
  const lines: string[] = []
  return { lines, logger: pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) }) }
}

let h: Harness
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
beforeAll(async () => {
  ;[h, smtp] = await Promise.all([createHarness(), startSmtpServer()])
})
afterAll(async () => {
  await smtp?.close()
  await h?.close()
})
beforeEach(async () => {
  await h.deps.db.delete(outbox)
  smtp.received.length = 0
})

function relay(deliverers: RelayOptions['deliverers'], options: Partial<RelayOptions> = {}) {
  return createOutboxRelay({ db: h.deps.db, clock: h.clock, logger: h.deps.logger, deliverers, idleMs: 10, ...options })
}

const rowsOf = () => h.deps.db.select().from(outbox)

describe('outbox relay: delivery', () => {
  it('e-mails a one-time code over SMTP: recipient, subject and body arrive', async () => {
    const member = await createTestMember()
    const target = `relay-${member.uid.toLowerCase()}@example.test`
    expectOk(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: member.bearer, body: { email: target } }), v.unknown())
    const [row] = await rowsOf()

    const claimed = await relay({ email: smtpMail({ smtpUrl: smtp.url, from: MAIL_FROM }) }).runOnce()

    expect(claimed).toBe(1)
    expect(smtp.received).toHaveLength(1)
    const mail = smtp.received[0]!
    expect(mail).toMatchObject({ user: 'relay', from: 'no-reply@testerscircle.example', to: [target] })
    expect(mail.headers).toMatchObject({ from: MAIL_FROM, to: target, subject: 'Your Testers Circle confirmation code' })
    // Multipart: the row's plain text, then the HTML rendered from the same template.
    expect(mail.text).toContain('Content-Type: text/plain')
    expect(mail.text).toContain(row!.body.split('\n\n').join('\r\n\r\n'))
    expect(mail.text).toContain('Content-Type: text/html')
    expect(row!.body).toMatch(/Your Testers Circle code is:\n\n\d{6}\n/)
    const [sent] = await rowsOf()
    expect(sent).toMatchObject({ sentAt: h.clock.now(), attempts: 1, lastError: null, failedAt: null })
  })

  it('in production, blanks the body of a delivered message: no one-time code stays readable', async () => {
    const member = await createTestMember()
    const target = `blank-${member.uid.toLowerCase()}@example.test`
    expectOk(await call(h.app, 'POST', EMAIL_OTP_SEND_PATH, { token: member.bearer, body: { email: target } }), v.unknown())
    const [queued] = await rowsOf()
    const code = /\b(\d{6})\b/.exec(queued!.body)![1]!

    await relay({ email: smtpMail({ smtpUrl: smtp.url, from: MAIL_FROM }) }, { mode: 'production' }).runOnce()

    expect(smtp.received[0]?.text).toContain(code)
    const rows = await rowsOf()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ recipient: target, sentAt: h.clock.now(), body: '' })
    expect(JSON.stringify(rows)).not.toContain(code)
  })

  it('locally, keeps the body of a delivered message (the outbox is where it is read)', async () => {
    await h.deps.outbox.enqueue(h.deps.db, { channel: 'email', to: 'local@example.test', subject: 'Code', body: 'Your Testers Circle code is 123456.' })
    await relay({ email: smtpMail({ smtpUrl: smtp.url, from: MAIL_FROM }) }, { mode: 'local' }).runOnce()
    expect((await rowsOf())[0]).toMatchObject({ sentAt: h.clock.now(), body: 'Your Testers Circle code is 123456.' })
  })

  it('in production, erases a message flagged erase_after_delivery once delivered or given up on; locally keeps it', async () => {
    await h.deps.outbox.enqueue(h.deps.db, {
      channel: 'email',
      to: 'gone@example.test',
      subject: 'Deleted',
      body: 'Reference DEL-ABCDEFGH23',
      eraseAfterDelivery: true,
    })
    await relay({ email: smtpMail({ smtpUrl: smtp.url, from: MAIL_FROM }) }, { mode: 'local' }).runOnce()
    expect(await rowsOf()).toMatchObject([{ recipient: 'gone@example.test', eraseAfterDelivery: true, body: 'Reference DEL-ABCDEFGH23' }])

    await h.deps.outbox.enqueue(h.deps.db, {
      channel: 'email',
      to: 'gone2@example.test',
      subject: 'Deleted',
      body: 'Reference DEL-ABCDEFGH24',
      eraseAfterDelivery: true,
    })
    await h.deps.outbox.enqueue(h.deps.db, {
      channel: 'email',
      to: 'rejected@example.test',
      subject: 'Deleted',
      body: 'Reference DEL-ABCDEFGH25',
      eraseAfterDelivery: true,
    })
    await relay({ email: smtpMail({ smtpUrl: smtp.url, from: MAIL_FROM }) }, { mode: 'production', maxAttempts: 1 }).runOnce()
    expect(smtp.received.map((m) => m.to)).toContainEqual(['gone2@example.test'])
    expect((await rowsOf()).map((r) => r.recipient)).toEqual(['gone@example.test'])
  })

  it('sends an SMS through the Twilio-shaped API: form fields and basic auth', async () => {
    const api = await startSmsApi()
    try {
      await h.deps.outbox.enqueue(h.deps.db, { channel: 'sms', to: '+4917612345678', body: 'Your Testers Circle code is 123456.' })
      await relay({ sms: twilioSms({ accountSid: SID, authToken: TOKEN, from: SMS_FROM, apiBase: api.apiBase }) }).runOnce()

      expect(api.requests).toEqual([
        {
          method: 'POST',
          path: `/2010-04-01/Accounts/${SID}/Messages.json`,
          authorization: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
          contentType: expect.stringMatching(/^application\/x-www-form-urlencoded/),
          form: { To: '+4917612345678', From: SMS_FROM, Body: 'Your Testers Circle code is 123456.' },
        },
      ])
      expect((await rowsOf())[0]?.sentAt).toEqual(h.clock.now())
    } finally {
      await api.close()
    }
  })

  it('only claims the channels it can deliver', async () => {
    await h.deps.outbox.enqueue(h.deps.db, { channel: 'sms', to: '+4917612345678', body: 'SMS' })
    await h.deps.outbox.enqueue(h.deps.db, { channel: 'email', to: 'ann@example.test', subject: 'Mail', body: 'Mail' })
    expect(await relay({ email: smtpMail({ smtpUrl: smtp.url, from: MAIL_FROM }) }).runOnce()).toBe(1)
    const rows = await rowsOf()
    expect(rows.find((r) => r.channel === 'sms')).toMatchObject({ sentAt: null, attempts: 0 })
    expect(rows.find((r) => r.channel === 'email')?.sentAt).not.toBeNull()
  })
})

describe('outbox relay: failures', () => {
  it('retries a failing delivery with growing pauses and gives up after the last attempt', async () => {
    // Twilio's error text quotes the number: it must reach neither the outbox nor the log.
    const api = await startSmsApi(() => ({ status: 400, body: { code: 21211, message: "The 'To' number +4917612345678 is not a valid phone number." } }))
    const { lines, logger } = captureLogs()
    try {
      await h.deps.outbox.enqueue(h.deps.db, { channel: 'sms', to: '+4917612345678', body: 'Your Testers Circle code is 654321.' })
      const r = relay(
        { sms: twilioSms({ accountSid: SID, authToken: TOKEN, from: SMS_FROM, apiBase: api.apiBase }) },
        { logger, maxAttempts: 3, retryMs: 60_000 },
      )
      const start = h.clock.now().getTime()

      expect(await r.runOnce()).toBe(1)
      let [row] = await rowsOf()
      // Kept for the retries.
      expect(row).toMatchObject({
        attempts: 1,
        lastError: 'SMS API HTTP 400 (error 21211)',
        sentAt: null,
        failedAt: null,
        body: 'Your Testers Circle code is 654321.',
      })
      expect(row!.nextAttemptAt.getTime()).toBe(start + 60_000)

      expect(await r.runOnce()).toBe(0) // not due yet
      h.clock.advance(60_000)
      expect(await r.runOnce()).toBe(1)
      ;[row] = await rowsOf()
      expect(row).toMatchObject({ attempts: 2, failedAt: null })
      expect(row!.nextAttemptAt.getTime()).toBe(start + 60_000 + 120_000) // doubled

      h.clock.advance(119_999)
      expect(await r.runOnce()).toBe(0)
      h.clock.advance(1)
      expect(await r.runOnce()).toBe(1)
      ;[row] = await rowsOf()
      // Given up on: the body goes (production, the relay's default).
      expect(row).toMatchObject({ attempts: 3, sentAt: null, failedAt: h.clock.now(), lastError: 'SMS API HTTP 400 (error 21211)', body: '' })

      h.clock.advance(24 * 3600_000)
      expect(await r.runOnce()).toBe(0) // given up for good
      expect(api.requests).toHaveLength(3)

      const log = lines.join('')
      expect(log).toContain('will retry')
      expect(log).toContain('gave up')
      expect(log).toContain('error 21211')
      expect(log).not.toContain('4917612345678')
      expect(log).not.toContain('654321')
    } finally {
      await api.close()
    }
  })

  it('records a refused recipient and an unreachable SMS API by their codes only', async () => {
    await h.deps.outbox.enqueue(h.deps.db, { channel: 'email', to: 'rejected@example.test', subject: 'Code', body: 'Your code is 111111.' })
    await h.deps.outbox.enqueue(h.deps.db, { channel: 'sms', to: '+4917600000000', body: 'Your code is 222222.' })
    const closed = await startSmsApi()
    await closed.close() // nothing listens on its port any more
    const { lines, logger } = captureLogs()
    const deliverers = {
      email: smtpMail({ smtpUrl: smtp.url, from: MAIL_FROM }),
      sms: twilioSms({ accountSid: SID, authToken: TOKEN, from: SMS_FROM, apiBase: closed.apiBase }),
    }
    expect(await relay(deliverers, { logger }).runOnce()).toBe(2)

    const rows = await rowsOf()
    expect(rows.find((r) => r.channel === 'email')?.lastError).toBe('SMTP EENVELOPE 550 at RCPT TO')
    expect(rows.find((r) => r.channel === 'sms')?.lastError).toBe('SMS API unreachable (ECONNREFUSED)')
    const log = lines.join('')
    for (const secret of ['rejected@example.test', '111111', '4917600000000', '222222']) expect(log).not.toContain(secret)
  })
})

/** Two relays at once over one SMTP server: every message arrives exactly once. */
async function deliverWithTwoRelays(database: Database, count: number) {
  const clock = h.clock
  const outboxOf = h.deps.outbox
  for (let i = 0; i < count; i++) {
    await outboxOf.enqueue(database.db, { channel: 'email', to: `tester-${i}@example.test`, subject: `Message ${i}`, body: `Body ${i}` })
  }
  const deliveredBy = [0, 0]
  const relays = [0, 1].map((n) => {
    const mail = smtpMail({ smtpUrl: smtp.url, from: MAIL_FROM })
    const counting: Deliverer = {
      async deliver(message) {
        await mail.deliver(message)
        deliveredBy[n]!++
      },
    }
    return createOutboxRelay({ db: database.db, clock, logger: h.deps.logger, deliverers: { email: counting }, batchSize: 4, idleMs: 5 })
  })
  relays.forEach((r) => r.start())
  try {
    await waitFor(() => smtp.received.length >= count)
    // Give a duplicate the chance to show up before looking.
    await new Promise((resolve) => setTimeout(resolve, 100))
  } finally {
    await Promise.all(relays.map((r) => r.stop()))
  }

  const subjects = smtp.received.map((m) => m.headers['subject'])
  expect(subjects).toHaveLength(count)
  expect(new Set(subjects).size).toBe(count)
  expect(deliveredBy[0]! + deliveredBy[1]!).toBe(count)
  // Both relays took part: the test exercised claims that raced.
  expect(deliveredBy[0]).toBeGreaterThan(0)
  expect(deliveredBy[1]).toBeGreaterThan(0)
  const rows = await database.db.select().from(outbox)
  expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true)
}

describe('outbox relay: two relays at once', () => {
  it('deliver each message exactly once (this database)', async () => {
    await deliverWithTwoRelays(h.database, 40)
  })

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    let database: Database
    beforeAll(async () => {
      database = await createTestDatabase({ maxConnections: 10 })
    })
    afterAll(() => database?.close())

    it('deliver each message exactly once', async () => {
      await deliverWithTwoRelays(database, 100)
    })
  })
})

describe('outbox relay: stopping', () => {
  let unblock: () => void = () => {}
  afterEach(() => unblock())

  it('finishes the message in hand, releases the rest of its batch and claims no more', async () => {
    for (let i = 0; i < 5; i++) await h.deps.outbox.enqueue(h.deps.db, { channel: 'email', to: `t${i}@example.test`, subject: 'S', body: 'B' })
    const calls: string[] = []
    const gate = new Promise<void>((resolve) => (unblock = resolve))
    const blocking: Deliverer = {
      async deliver(message) {
        calls.push(message.to)
        await gate
      },
    }
    const r = relay({ email: blocking }, { batchSize: 5 })
    r.start()
    await waitFor(() => calls.length === 1)

    let stopped = false
    const stopping = r.stop().then(() => (stopped = true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(stopped).toBe(false) // still delivering
    unblock()
    await stopping

    expect(calls).toHaveLength(1)
    const rows = await rowsOf()
    expect(rows.filter((row) => row.sentAt)).toHaveLength(1)
    const released = rows.filter((row) => !row.sentAt)
    expect(released).toHaveLength(4)
    for (const row of released) {
      expect(row.attempts).toBe(0)
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(h.clock.now().getTime())
    }

    // Released messages are due at once for the next relay.
    expect(await relay({ email: smtpMail({ smtpUrl: smtp.url, from: MAIL_FROM }) }).runOnce()).toBe(4)
    expect(smtp.received).toHaveLength(4)
  })

  it('stops at once when idle', async () => {
    const r = relay({ email: smtpMail({ smtpUrl: smtp.url, from: MAIL_FROM }) }, { idleMs: 60_000 })
    r.start()
    await new Promise((resolve) => setTimeout(resolve, 50))
    const started = Date.now()
    await r.stop()
    // Well short of the 60 s idle period, which stop does not wait out (the bound allows a busy machine).
    expect(Date.now() - started).toBeLessThan(10_000)
    // Started again after a stop, it works as before.
    await h.deps.outbox.enqueue(h.deps.db, { channel: 'email', to: 'again@example.test', subject: 'S', body: 'B' })
    r.start()
    await waitFor(() => smtp.received.length === 1)
    await r.stop()
    expect((await h.deps.db.select().from(outbox).where(eq(outbox.recipient, 'again@example.test')))[0]?.sentAt).not.toBeNull()
  })
})
