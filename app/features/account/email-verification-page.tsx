import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import { refreshVerification, resendVerification } from '~/auth/account-actions'
import { safeRedirectTarget } from '~/auth/redirect-target'
import { viewerQuery } from '~/auth/viewer'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/field'
import { AccountPage } from '~/components/member/account-page'
import { VerificationStatus } from '~/components/member/verification-status'
import { accountFailureMessage } from '~/auth/account-messages'
import { useLocale } from '~/lib/locale'

/** How long a member waits between two verification e-mails (Firebase limits senders too). */
export const RESEND_COOLDOWN_MS = 60_000
const LAST_SENT_KEY = 'verificationEmailSentAt'

/**
 * /en/member/verifications/EmailVerification: the member's address and whether it is verified, a way
 * to change it, and, while it is not verified (right after registration), the link e-mail: resend it
 * at most once a minute, or say it was opened.
 */
export function EmailVerificationPage({ redirect }: { redirect?: string }) {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const { data: viewer } = useQuery(viewerQuery)
  const [now, setNow] = useState(() => Date.now())
  const [lastSent, setLastSent] = useState<number | null>(null)
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const stored = Number(window.localStorage.getItem(LAST_SENT_KEY) ?? Date.now())
    // The time of the last e-mail lives in the browser's storage: read after hydration, as the server cannot know it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setLastSent(stored)
    window.localStorage.setItem(LAST_SENT_KEY, String(stored))
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])

  // The link may be opened in another browser or on the phone: coming back to this tab checks
  // whether the address is verified now, and if so the page (and the session) say so at once.
  const [checking, setChecking] = useState(false)
  const checkingRef = useRef(false)
  const check = useCallback(
    async (explicit: boolean) => {
      if (checkingRef.current) return
      checkingRef.current = true
      setChecking(explicit)
      const outcome = await refreshVerification(queryClient)
      checkingRef.current = false
      setChecking(false)
      if (!explicit) return
      if (!outcome.ok) setMessage({ tone: 'error', text: i18n._(accountFailureMessage[outcome.failure]) })
      else if (!outcome.value) setMessage({ tone: 'error', text: t`Your address is not verified yet. Open the link in the e-mail we sent, then try again.` })
    },
    [queryClient, i18n, t],
  )
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check(false)
    }
    document.addEventListener('visibilitychange', onVisible)
    window.addEventListener('focus', onVisible)
    return () => {
      document.removeEventListener('visibilitychange', onVisible)
      window.removeEventListener('focus', onVisible)
    }
  }, [check])

  const waitSeconds =
    lastSent === null ? RESEND_COOLDOWN_MS / 1000 : Math.min(RESEND_COOLDOWN_MS / 1000, Math.max(0, Math.ceil((lastSent + RESEND_COOLDOWN_MS - now) / 1000)))
  const email = viewer?.signedIn ? viewer.email : null
  const verified = viewer?.signedIn === true && viewer.emailVerified

  async function resend() {
    setBusy(true)
    const outcome = await resendVerification(queryClient)
    setBusy(false)
    if (!outcome.ok) return setMessage({ tone: 'error', text: i18n._(accountFailureMessage[outcome.failure]) })
    const sentAt = Date.now()
    window.localStorage.setItem(LAST_SENT_KEY, String(sentAt))
    setLastSent(sentAt)
    setMessage({ tone: 'success', text: t`We sent you a new link. Check your inbox and your spam folder.` })
  }

  const status = email && (
    <VerificationStatus label={t`Your e-mail address`} value={email} verified={verified}>
      <p>
        <Link to="/$locale/member/email" params={{ locale }} className="font-semibold text-colbolt underline">
          {t`Change my e-mail address`}
        </Link>
      </p>
    </VerificationStatus>
  )

  if (verified) {
    // A page that sent the member here to verify (the phone pages, registration from a campaign) is
    // where they carry on.
    return (
      <AccountPage title={t`E-mail verification`} intro={t`Your e-mail address is verified.`}>
        {status}
        <Button asChild>
          {redirect ? (
            <a href={safeRedirectTarget(redirect)}>{t`Continue where you were`}</a>
          ) : (
            <Link to="/$locale/member/campaigns" params={{ locale }}>
              {t`Go to my campaigns`}
            </Link>
          )}
        </Button>
      </AccountPage>
    )
  }

  return (
    <AccountPage
      title={t`E-mail verification`}
      intro={
        email
          ? t`We sent a link to ${email}. Open it to confirm that this address is yours.`
          : t`We sent you a link by e-mail. Open it to confirm that the address is yours.`
      }
    >
      {status}
      <div className="flex max-w-xl flex-col gap-4">
        {message && <FormAlert tone={message.tone}>{message.text}</FormAlert>}
        <p className="text-muted">
          <Trans>No e-mail after a few minutes? Check your spam folder, or send the link again.</Trans>
        </p>
        <div className="flex flex-wrap gap-3">
          <Button loading={checking} onClick={() => void check(true)}>
            {t`I have opened the link`}
          </Button>
          <Button severity="secondary" loading={busy} unavailable={waitSeconds > 0} onClick={() => void resend()}>
            {waitSeconds > 0 ? t`Send the link again (in ${waitSeconds} s)` : t`Send the link again`}
          </Button>
          {redirect && (
            <Button asChild variant="outlined">
              <a href={safeRedirectTarget(redirect)}>{t`Continue where you were`}</a>
            </Button>
          )}
        </div>
      </div>
    </AccountPage>
  )
}
