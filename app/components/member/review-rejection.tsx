import { useLingui } from '@lingui/react/macro'
import type { RejectionReason } from '#contract/review-rejection'
import { rejectionReasonText } from '~/lib/review-texts'

/** Why the member's review was not published: the moderator's reason in our words, then their note. */
export function ReviewRejection({ code, note }: { code: RejectionReason | null; note: string | null }) {
  const { t, i18n } = useLingui()
  return (
    <>
      {code && code !== 'other' && <span className="mt-1 block">{i18n._(rejectionReasonText[code])}</span>}
      {note ? (
        <span className="mt-1 block">{t`Our moderators wrote: “${note}”`}</span>
      ) : (
        !code && <span className="mt-1 block">{t`Our moderators could not publish it as it is.`}</span>
      )}
    </>
  )
}
