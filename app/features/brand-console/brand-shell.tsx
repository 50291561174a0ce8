import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { BrandSelf } from '#contract/brands'
import { ConfirmEmailFirst } from '~/components/member/confirm-email-first'
import { Button } from '~/components/ui/button'
import { SignOutButton } from '~/layouts/default-layout'
import { useLocale } from '~/lib/locale'

/** The brand pages' frame: the brand, who is signed in, and the page. */
export function BrandShell({ self, children }: { self: BrandSelf; children: ReactNode }) {
  const { t } = useLingui()
  const locale = useLocale()
  const brand = self.brand.name
  return (
    <div className="flex min-h-screen flex-col">
      <div className="bg-authentic text-white">
        <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link to="/$locale/brand" params={{ locale }} className="font-bold text-white">
            {t`${brand} on Testers Circle`}
          </Link>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span>{t`Signed in as ${self.name || self.email || ''}`}</span>
            <Link to="/$locale/second-factor" params={{ locale }} className="text-white underline">
              {t`Two-step sign-in`}
            </Link>
            <SignOutButton inverted />
          </div>
        </div>
      </div>
      <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">{children}</div>
    </div>
  )
}

/**
 * A signed-in person the member API does not let into the brand pages: following no brand, or
 * following one on an account whose e-mail address is not confirmed (told to confirm it first).
 */
export function NoBrandAccess({ email, emailVerified }: { email: string | null; emailVerified: boolean }) {
  const { t } = useLingui()
  const locale = useLocale()
  if (!emailVerified) return <ConfirmEmailFirst heading={t`No access to the brand pages`} email={email} back={`/${locale}/brand`} />
  return (
    <div className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-16">
      <h1 className="text-3xl font-bold text-authentic">{t`No brand to follow`}</h1>
      <p className="text-ink">
        {email
          ? t`You are signed in as ${email}, and this account follows no brand. A brand's users join with the invitation Testers Circle e-mails them.`
          : t`This account follows no brand. A brand's users join with the invitation Testers Circle e-mails them.`}
      </p>
      <Button asChild severity="secondary">
        <Link to="/$locale" params={{ locale }}>{t`Go to the home page`}</Link>
      </Button>
    </div>
  )
}
