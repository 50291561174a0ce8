// Bot protection in the browser (reCAPTCHA v3). The provider's script is loaded once per visit,
// at start-up once the page is interactive (pages/third-party-services.ts; never with the first-load
// JavaScript, never again on later navigations), so its score has the whole visit to go on; at submit
// time the form asks it for a token naming the action, which its server function passes on to the
// member API. Without a site key (local mode) nothing is loaded and the token is the local test token.
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useEffect } from 'react'
import { LOCAL_BOT_TOKEN, type BotAction } from '#contract/bot-protection'
import { publicConfigQuery } from './public-config'

type Grecaptcha = { ready(callback: () => void): void; execute(siteKey: string, options: { action: string }): Promise<string> }

/** How long an action waits for the provider (script and token) before it goes without a token, which the member API refuses. */
const PROVIDER_WAIT_MS = 10_000

/** The provider once its script has run; null when it could not be loaded. One per visit. */
let provider: Promise<Grecaptcha | null> | null = null

function loadProvider(siteKey: string): Promise<Grecaptcha | null> {
  provider ??= new Promise((resolve) => {
    const script = document.createElement('script')
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`
    script.async = true
    script.onload = () => {
      const grecaptcha = (window as { grecaptcha?: Grecaptcha }).grecaptcha
      if (grecaptcha) grecaptcha.ready(() => resolve(grecaptcha))
      else resolve(null)
    }
    // Not loaded (offline, blocked): the next protected action tries again.
    script.onerror = () => {
      script.remove()
      provider = null
      resolve(null)
    }
    document.head.append(script)
  })
  return provider
}

function within<T>(work: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([work.catch(() => fallback), new Promise<T>((resolve) => setTimeout(() => resolve(fallback), PROVIDER_WAIT_MS))])
}

async function siteKeyOf(queryClient: QueryClient): Promise<string | null> {
  return (await queryClient.ensureQueryData(publicConfigQuery)).services.recaptchaSiteKey
}

/**
 * A token for one protected action: the provider's, made for `action`; the local test token when no
 * site key is configured; empty when the provider could not be reached (the member API refuses the
 * action, and the form says so).
 */
export async function botToken(queryClient: QueryClient, action: BotAction): Promise<string> {
  const siteKey = await siteKeyOf(queryClient).catch(() => undefined)
  if (siteKey === null) return LOCAL_BOT_TOKEN
  if (siteKey === undefined) return ''
  const grecaptcha = await within(loadProvider(siteKey), null)
  return grecaptcha ? within(grecaptcha.execute(siteKey, { action }), '') : ''
}

/** Loads the provider's script (once per visit) when a site key is configured; nothing otherwise. */
export async function startBotProtection(queryClient: QueryClient): Promise<void> {
  const siteKey = await siteKeyOf(queryClient).catch(() => null)
  if (siteKey) await loadProvider(siteKey)
}

/**
 * For a form with a protected action: makes sure the provider is on its way (start-up has usually
 * loaded it already; once per visit either way), and gives the function that gets a token for an
 * action at submit time.
 */
export function useBotToken(): (action: BotAction) => Promise<string> {
  const queryClient = useQueryClient()
  useEffect(() => {
    let cancelled = false
    const start = () => void (cancelled || startBotProtection(queryClient))
    const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 2000 }) : setTimeout(start, 200))
    if (document.readyState === 'complete') idle()
    else window.addEventListener('load', idle, { once: true })
    return () => {
      cancelled = true
      window.removeEventListener('load', idle)
    }
  }, [queryClient])
  return useCallback((action: BotAction) => botToken(queryClient, action), [queryClient])
}
