// Delivery adapters for the outbox relay: e-mail over SMTP (nodemailer), SMS over an HTTP API in
// Twilio's shape. Each delivers one message or throws a DeliveryError.
import nodemailer from 'nodemailer'
import type { EmailSettings, SmsSettings } from '../config'
import type { OutgoingMessage } from './outbox'

export interface Deliverer {
  /** Resolves once the provider accepted the message; throws (a DeliveryError) otherwise. */
  deliver(message: OutgoingMessage): Promise<void>
}

/**
 * A failed delivery, described by codes and statuses only. Provider messages often quote the
 * recipient ("550 <ann@…>: unknown user", "The 'To' number +49… is not valid"), so they are
 * left out: this text is stored in the outbox and logged.
 */
export class DeliveryError extends Error {
  override name = 'DeliveryError'
}

/** Bounds on one delivery, so a stuck provider cannot hold the relay (or a shutdown) for long. */
const TIMEOUT_MS = 15_000

export function smtpMail(settings: EmailSettings): Deliverer {
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  })
  return {
    async deliver(message) {
      try {
        await transport.sendMail({
          from: settings.from,
          to: message.to,
          subject: message.subject ?? 'Testers Circle',
          // Multipart: the plain text and, when the template made one, the HTML of the same words.
          text: message.body,
          ...(message.html ? { html: message.html } : {}),
          // List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on a message a member can turn off.
          headers: message.headers ?? {},
        })
      } catch (error) {
        throw new DeliveryError(describeSmtpError(error))
      }
    },
  }
}

function describeSmtpError(error: unknown): string {
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown }
  const parts = ['SMTP', typeof e.code === 'string' ? e.code : 'error']
  if (typeof e.responseCode === 'number') parts.push(String(e.responseCode))
  // The command name only ("RCPT TO"), never its argument.
  if (typeof e.command === 'string' && /^[A-Z ]+$/.test(e.command)) parts.push(`at ${e.command}`)
  return parts.join(' ')
}

export function twilioSms(settings: SmsSettings): Deliverer {
  const url = `${settings.apiBase}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`
  return {
    async deliver(message) {
      let response: Response
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, accept: 'application/json' },
          // URLSearchParams makes the body application/x-www-form-urlencoded.
          body: new URLSearchParams({ To: message.to, From: settings.from, Body: message.body }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
      } catch (error) {
        throw new DeliveryError(describeFetchError(error))
      }
      if (response.ok) {
        await response.body?.cancel()
        return
      }
      // Twilio answers errors with {"code": 21211, "message": "…"}; only the number is kept.
      const body = (await response.json().catch(() => null)) as { code?: unknown } | null
      const code = typeof body?.code === 'number' ? ` (error ${body.code})` : ''
      throw new DeliveryError(`SMS API HTTP ${response.status}${code}`)
    },
  }
}

function describeFetchError(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'SMS API timed out'
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause
  return `SMS API unreachable (${typeof cause?.code === 'string' ? cause.code : 'network error'})`
}
