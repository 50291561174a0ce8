import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Button } from '~/components/ui/button'
import { ConfirmEmailFirst } from '~/components/member/confirm-email-first'
import { useLocale } from '~/lib/locale'

/**
 * A signed-in person the member API does not let into the console: without a staff role, or with
 * one on an account whose e-mail address is not confirmed (told to confirm it, and shown where).
 */
export function NoAccess({ email, emailVerified }: { email: string | null; emailVerified: boolean }) {
  const { t } = useLingui()
  const locale = useLocale()
  if (!emailVerified) return <ConfirmEmailFirst heading={t`No access to the console`} email={email} back={`/${locale}/ops`} />
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-3xl font-bold text-authentic">{t`No access to the console`}</h1>
      <p className="text-ink">
        {email
          ? t`You are signed in as ${email}, and this account holds no staff role. An admin of Testers Circle can give you one.`
          : t`This account holds no staff role. An admin of Testers Circle can give you one.`}
      </p>
      <Button asChild severity="secondary">
        <Link to="/$locale/member/campaigns" params={{ locale }}>{t`Go to my campaigns`}</Link>
      </Button>
    </div>
  )
}

/** A staff person on a console page their roles do not include: told so, with the way to the pages they have. */
export function NoPageAccess() {
  const { t } = useLingui()
  const locale = useLocale()
  return (
    <div className="flex max-w-xl flex-col items-start gap-4">
      <h1 className="text-3xl font-bold text-authentic">{t`Your roles do not include this page`}</h1>
      <p className="text-ink">{t`An admin of Testers Circle can give you the role it needs. The pages your roles include are in the menu above.`}</p>
      <Button asChild severity="secondary">
        <Link to="/$locale/ops" params={{ locale }}>{t`Go to the console's first page`}</Link>
      </Button>
    </div>
  )
}
