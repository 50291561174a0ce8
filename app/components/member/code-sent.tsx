import { Trans } from '@lingui/react/macro'
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from '#contract/otp'
import { FormAlert } from '~/components/ui/field'

/** Where a one-time code went and how long it lasts, with the latest notice about it (a new code sent, say). */
export function CodeSent({ to, notice }: { to: string; notice?: string | null }) {
  return (
    <>
      <p className="text-ink">
        <Trans>
          We sent a 6-digit code to <strong className="whitespace-nowrap">{to}</strong>. Enter it here within {OTP_TTL_MINUTES} minutes; after{' '}
          {OTP_MAX_ATTEMPTS} wrong tries you need a new code.
        </Trans>
      </p>
      {notice && (
        <div aria-live="polite">
          <FormAlert tone="info">{notice}</FormAlert>
        </div>
      )}
    </>
  )
}
