import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'

/** One contact detail of the member and whether it is verified, as the verification pages show it. */
export function VerificationStatus({ label, value, verified, children }: { label: string; value: string; verified: boolean; children?: ReactNode }) {
  const { t } = useLingui()
  return (
    <div className="mb-6 flex max-w-xl flex-col gap-3">
      <dl className="rounded-lg border border-line bg-white px-4 py-3">
        <dt className="text-sm text-muted">{label}</dt>
        <dd className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-semibold break-all text-ink">{value}</span>
          {verified ? (
            <span className="rounded-full bg-verdin/10 px-2.5 py-0.5 text-sm font-semibold text-verdin">{t`Verified`}</span>
          ) : (
            <span className="rounded-full bg-warn/10 px-2.5 py-0.5 text-sm font-semibold text-warn">{t`Not verified yet`}</span>
          )}
        </dd>
      </dl>
      {children}
    </div>
  )
}
