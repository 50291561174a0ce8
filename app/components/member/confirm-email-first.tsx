import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Button } from '~/components/ui/button'
import { useLocale } from '~/lib/locale'

/**
 * The console and the brand pages open only for an account whose e-mail address is confirmed: a
 * person whose address is not is told so under the page's `heading`, with the way to confirm it and
 * come back to `back`.
 */
export function ConfirmEmailFirst({ heading, email, back }: { heading: string; email: string | null; back: string }) {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-3xl font-bold text-authentic">{heading}</h1>
      <p className="text-ink">
        {email
          ? t`You are signed in as ${email}, whose address is not confirmed yet. These pages open only for an account whose e-mail address is confirmed.`
          : t`The e-mail address of this account is not confirmed yet. These pages open only for an account whose e-mail address is confirmed.`}
      </p>
      <p className="text-ink">{t`Open the link in the e-mail we sent when you signed up, or ask for a new one, then come back here.`}</p>
      <Button asChild>
        <Link to="/$locale/member/verifications/EmailVerification" params={{ locale }} search={{ redirect: back }}>
          {t`Confirm my e-mail address`}
        </Link>
      </Button>
    </div>
  )
}
