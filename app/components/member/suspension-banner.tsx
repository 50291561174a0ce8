import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { SuspensionNotice } from '#contract/suspension'
import { formatDate } from '~/lib/date-format'
import { useLocale } from '~/lib/locale'
import { suspensionReasonForMember } from '~/lib/suspension-texts'

/**
 * On every page of a suspended member: that they are suspended, why, until when, what they can
 * still do and how to appeal.
 */
export function SuspensionBanner({ suspension }: { suspension: SuspensionNotice }) {
  const { i18n } = useLingui()
  const locale = useLocale()
  const until = suspension.until ? formatDate(suspension.until) : null
  return (
    <section aria-labelledby="suspension-banner-heading" data-testid="suspension-banner" className="border-b-4 border-danger bg-[#fdecea] text-[#7a1a12]">
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-4">
        <h2 id="suspension-banner-heading" className="text-lg font-bold">
          {until ? <Trans>Your account is suspended until {until}</Trans> : <Trans>Your account is suspended until our support team lifts it</Trans>}
        </h2>
        <p>{i18n._(suspensionReasonForMember[suspension.reason])}</p>
        {suspension.note && <blockquote className="border-l-4 border-[#7a1a12]/40 pl-3 italic">{suspension.note}</blockquote>}
        <p>
          <Trans>
            Meanwhile you cannot apply for tests, be selected, post reviews or social posts, or redeem points. You can still read your account, download your
            data and delete your account.
          </Trans>
        </p>
        <p>
          <Trans>
            If you think this is a mistake, reply to the e-mail we sent you or{' '}
            <Link to="/$locale/support" params={{ locale }} className="font-semibold underline underline-offset-2">
              contact support
            </Link>{' '}
            and tell us why.
          </Trans>
        </p>
      </div>
    </section>
  )
}
