import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { DEFAULT_LOCALE } from '~/i18n/i18n'

type AccountPath =
  | '/$locale/member/profile'
  | '/$locale/member/address'
  | '/$locale/member/languages'
  | '/$locale/member/preferences'
  | '/$locale/member/email'
  | '/$locale/member/phone'
  | '/$locale/member/verifications/EmailVerification'
  | '/$locale/member/verifications/MobileVerifications'
  | '/$locale/member/notifications'
  | '/$locale/second-factor'
  | '/$locale/member/payments'
  | '/$locale/member/social-accounts'
  | '/$locale/member/referrals'
  | '/$locale/member/download-data'
  | '/$locale/member/delete-account'
type AccountLink = { to: AccountPath; label: MessageDescriptor }

/** Every page of "My account", grouped as a member looks for them; each page's title matches its label. */
export const ACCOUNT_SECTIONS: ReadonlyArray<{ heading: MessageDescriptor; links: readonly AccountLink[] }> = [
  {
    heading: msg`About you`,
    links: [
      { to: '/$locale/member/profile', label: msg`My profile` },
      { to: '/$locale/member/address', label: msg`Shipping address` },
      { to: '/$locale/member/languages', label: msg`Languages` },
      { to: '/$locale/member/preferences', label: msg`Preferences` },
    ],
  },
  {
    heading: msg`Sign-in and contact`,
    links: [
      { to: '/$locale/member/email', label: msg`E-mail address` },
      { to: '/$locale/member/phone', label: msg`Phone number` },
      { to: '/$locale/member/verifications/EmailVerification', label: msg`E-mail verification` },
      { to: '/$locale/member/verifications/MobileVerifications', label: msg`Mobile verification` },
      { to: '/$locale/member/notifications', label: msg`Notifications` },
      { to: '/$locale/second-factor', label: msg`Two-step sign-in` },
    ],
  },
  {
    heading: msg`Rewards and community`,
    links: [
      { to: '/$locale/member/payments', label: msg`Payouts` },
      { to: '/$locale/member/social-accounts', label: msg`Social accounts` },
      { to: '/$locale/member/referrals', label: msg`Referrals` },
    ],
  },
  {
    heading: msg`Your data`,
    links: [
      { to: '/$locale/member/download-data', label: msg`Download my data` },
      { to: '/$locale/member/delete-account', label: msg`Delete my account` },
    ],
  },
]

/** The list of account pages, the current one marked for assistive technology and by its look. */
export function AccountNav() {
  const { t, i18n } = useLingui()
  return (
    <nav aria-label={t`My account`}>
      {ACCOUNT_SECTIONS.map((section) => (
        <div key={section.heading.id} className="mb-5 last:mb-0">
          <p className="mb-1.5 px-3 text-xs font-semibold tracking-wide text-muted uppercase">{i18n._(section.heading)}</p>
          <ul className="flex flex-col gap-0.5">
            {section.links.map((link) => (
              <li key={String(link.to)}>
                <Link
                  to={link.to}
                  params={{ locale: DEFAULT_LOCALE }}
                  activeOptions={{ exact: true }}
                  className="block rounded-md px-3 py-1.5 text-ink hover:bg-black/5"
                  activeProps={{ className: 'bg-[#eaf0fb] font-semibold text-authentic', 'aria-current': 'page' }}
                >
                  {i18n._(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  )
}
