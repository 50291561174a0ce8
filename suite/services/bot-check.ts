// Bot protection: whether the token sent with a protected action (contract/bot-protection.ts) shows
// a person at work. In production the provider (reCAPTCHA v3's siteverify) is asked; locally an
// adapter accepts the local test token; the check is off only where BOT_CHECK=off asks for it.
import type { Logger } from 'pino'
import * as v from 'valibot'
import { LOCAL_BOT_TOKEN, type BotAction } from '../../contract/bot-protection'

export type BotVerdict = { ok: true } | { ok: false; reason: string }

export interface BotCheckRequest {
  /** The token the browser got from the provider; null when none was sent. */
  token: string | null
  /** The action the endpoint protects: the token must have been made for it. */
  action: BotAction
  /** The browser's address, as far as the member API knows it. */
  clientIp: string
}

export interface BotCheck {
  readonly kind: 'recaptcha' | 'local' | 'off'
  /** A refusal is a verdict; a check that could not be made (provider unreachable, nonsense answer) throws BotCheckUnavailable. */
  verify(request: BotCheckRequest): Promise<BotVerdict>
}

export class BotCheckUnavailable extends Error {
  override name = 'BotCheckUnavailable'
}

/** Local mode: the local test token passes, anything else (or nothing) is refused. */
export const localBotCheck: BotCheck = {
  kind: 'local',
  async verify({ token }) {
    if (token === null) return { ok: false, reason: 'no token' }
    return token === LOCAL_BOT_TOKEN ? { ok: true } : { ok: false, reason: 'not the local test token' }
  },
}

/** BOT_CHECK=off: every action passes (start-up warns that the check is off). */
export const botCheckOff: BotCheck = {
  kind: 'off',
  async verify() {
    return { ok: true }
  },
}

/** Says once, at start-up, how protected actions are checked for bots: off is a warning, every time the process starts. */
export function logBotCheck(settings: { kind: 'local' | 'off' } | { kind: 'recaptcha'; verifyUrl: string; minScore: number }, log: Logger): void {
  if (settings.kind === 'recaptcha') log.info({ verifyUrl: settings.verifyUrl, minScore: settings.minScore }, 'bot check: reCAPTCHA v3')
  else if (settings.kind === 'local')
    log.info({ token: LOCAL_BOT_TOKEN }, 'bot check: the local adapter, which accepts only the local test token (local mode; RECAPTCHA_SECRET is not set)')
  else
    log.warn(
      'bot check is OFF (BOT_CHECK=off): registration, sign-in links, campaign sign-ups and one-time codes are not protected from bots; set RECAPTCHA_SECRET and unset BOT_CHECK to protect them',
    )
}

export interface RecaptchaSettings {
  secret: string
  /** The siteverify address (Google's unless configured otherwise). */
  verifyUrl: string
  /** The lowest score (0.0 a bot, 1.0 a person) that passes. */
  minScore: number
  /** How long the provider may take to answer. */
  timeoutMs?: number
}

/** Long enough for the provider, short against the portal's own 10 s wait for the member API. */
const VERIFY_TIMEOUT_MS = 4000

const SiteverifyAnswer = v.object({
  success: v.boolean(),
  score: v.optional(v.number()),
  action: v.optional(v.string()),
  'error-codes': v.optional(v.array(v.string())),
})

/**
 * reCAPTCHA v3: the token is sent to siteverify with the secret (and the browser's address). It
 * passes only when the provider says success, it was made for this endpoint's action, and its score
 * reaches the configured minimum. A token is good for one verification and about two minutes.
 */
export function recaptchaBotCheck(settings: RecaptchaSettings): BotCheck {
  return {
    kind: 'recaptcha',
    async verify({ token, action, clientIp }) {
      if (token === null) return { ok: false, reason: 'no token' }
      const form = new URLSearchParams({ secret: settings.secret, response: token })
      if (clientIp !== 'unknown') form.set('remoteip', clientIp)
      let answer: unknown
      try {
        const response = await fetch(settings.verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(settings.timeoutMs ?? VERIFY_TIMEOUT_MS),
        })
        if (!response.ok) throw new BotCheckUnavailable(`the provider answered HTTP ${response.status}`)
        answer = await response.json()
      } catch (error) {
        if (error instanceof BotCheckUnavailable) throw error
        throw new BotCheckUnavailable(`the provider did not answer: ${error instanceof Error ? error.name : 'error'}`)
      }
      const parsed = v.safeParse(SiteverifyAnswer, answer)
      if (!parsed.success) throw new BotCheckUnavailable('the provider’s answer is not a siteverify answer')
      const { success, score, action: madeFor } = parsed.output
      if (!success) return { ok: false, reason: `not verified (${(parsed.output['error-codes'] ?? []).join(', ') || 'no reason given'})` }
      if (madeFor !== action) return { ok: false, reason: `made for the action ${JSON.stringify(madeFor ?? null)}, not ${action}` }
      if (score === undefined || score < settings.minScore) return { ok: false, reason: `score ${score ?? 'missing'} below ${settings.minScore}` }
      return { ok: true }
    },
  }
}
