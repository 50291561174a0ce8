import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Fragment, type ReactNode } from 'react'
import type { ProfileExport } from '#contract/export'
import { Button } from '~/components/ui/button'
import { statusLabel } from '~/lib/participation-texts'
import { formatDate } from '~/lib/date-format'
import { getMyDataPdfFn } from '~/features/member/my-data.functions'
import { myDataQuery } from '~/features/member/member.queries'
import { unwrap } from '~/upstream/upstream-result'
import { AddressLines } from '~/components/member/address-lines'
import { useLocale } from '~/lib/locale'
import { useSuspenseQueryData } from '~/lib/query-data'

/** Hands a file made in the browser to the member, as a download. */
function saveFile(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

const day = (data: ProfileExport) => data.exportedAt.slice(0, 10)

/** The two downloads (fetched fresh at the moment the member asks) and the printable summary. */
export function MyDataDownloads() {
  const locale = useLocale()
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const json = useMutation({
    mutationFn: async () => queryClient.fetchQuery({ ...myDataQuery, staleTime: 0 }),
    onSuccess: (data) => saveFile(`testers-circle-data-${day(data)}.json`, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })),
  })
  const pdf = useMutation({
    mutationFn: async () => unwrap(await getMyDataPdfFn()),
    onSuccess: (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      saveFile(`testers-circle-data-${new Date().toISOString().slice(0, 10)}.pdf`, new Blob([bytes], { type: 'application/pdf' }))
    },
  })

  return (
    <div className="space-y-6">
      <section aria-labelledby="download-heading" className="rounded-2xl border border-line bg-white p-6 shadow-sm">
        <h2 id="download-heading" className="text-lg font-bold text-authentic">
          <Trans>Your data as a file</Trans>
        </h2>
        <p className="mt-2 text-ink">
          <Trans>Your profile, address, notification choices, social accounts, campaigns, reviews, posts, points and referrals, as we hold them today.</Trans>
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button loading={json.isPending} onClick={() => !json.isPending && json.mutate()}>
            {t`Download as JSON`}
          </Button>
          <Button severity="secondary" loading={pdf.isPending} onClick={() => !pdf.isPending && pdf.mutate()}>
            {t`Download as PDF`}
          </Button>
        </div>
        <p className="mt-3 text-sm text-muted">{t`JSON suits other services and programs; the PDF is for reading and keeping.`}</p>
      </section>
      <p className="text-ink">
        <Link to="/$locale/member/download-data/profile-pdf" params={{ locale }} className="font-semibold text-colbolt underline underline-offset-2">
          <Trans>Open a printable summary</Trans>
        </Link>
      </p>
    </div>
  )
}

const reviewStatusLabel = {
  pending: msg`Waiting for moderation`,
  published: msg`Published`,
  rejected: msg`Needs a change`,
} as const

function SummarySection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-lg font-bold text-authentic">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** The printable summary (PDF layout): what the member API holds, for reading and printing. */
export function MyDataSummary() {
  const { t, i18n } = useLingui()
  const data = useSuspenseQueryData(myDataQuery)
  const { member, address } = data
  const exported = formatDate(data.exportedAt)
  const since = formatDate(member.createdAt)
  const none = t`None`
  const rows: Array<[string, string]> = [
    [t`Name`, `${member.firstName} ${member.lastName}`.trim() || none],
    [t`Display name`, member.displayName],
    [t`E-mail address`, member.email ?? none],
    [t`Mobile number`, member.phone ?? none],
    [t`Date of birth`, member.birthDate ? formatDate(member.birthDate) : none],
    [t`Member since`, since],
    [t`Points balance`, new Intl.NumberFormat(i18n.locale).format(member.pointsBalance)],
    [t`Referral code`, member.referralCode],
  ]

  return (
    <article className="space-y-8">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-line pb-4">
        <div>
          <h1 className="text-2xl font-bold text-authentic">{t`My data at Testers Circle`}</h1>
          <p className="text-muted">{t`As held on ${exported}`}</p>
        </div>
        <Button severity="secondary" className="print:hidden" onClick={() => window.print()}>
          {t`Print or save as PDF`}
        </Button>
      </header>

      <SummarySection id="summary-profile" title={<Trans>Profile</Trans>}>
        <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1">
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <dt className="font-medium text-muted">{label}</dt>
              <dd className="text-ink">{value}</dd>
            </Fragment>
          ))}
        </dl>
      </SummarySection>

      <SummarySection id="summary-address" title={<Trans>Address</Trans>}>
        <div className="mt-2 text-ink">{address ? <AddressLines address={address} /> : <p>{none}</p>}</div>
      </SummarySection>

      <SummarySection id="summary-campaigns" title={<Trans>Campaigns</Trans>}>
        {data.participations.length === 0 ? (
          <p className="mt-2 text-ink">{none}</p>
        ) : (
          <table className="mt-2 w-full text-left">
            <thead>
              <tr className="border-b border-line text-muted">
                <th className="py-1 pr-4 font-medium">{t`Campaign`}</th>
                <th className="py-1 pr-4 font-medium">{t`Status`}</th>
                <th className="py-1 font-medium">{t`Applied`}</th>
              </tr>
            </thead>
            <tbody>
              {data.participations.map((p) => (
                <tr key={p.id} className="border-b border-line/60">
                  <td className="py-1 pr-4">{p.campaign.title}</td>
                  <td className="py-1 pr-4">{i18n._(statusLabel[p.status])}</td>
                  <td className="py-1">{formatDate(p.appliedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </SummarySection>

      <SummarySection id="summary-reviews" title={<Trans>Reviews</Trans>}>
        {data.reviews.length === 0 ? (
          <p className="mt-2 text-ink">{none}</p>
        ) : (
          <ul className="mt-2 space-y-1">
            {data.reviews.map((review) => {
              const rating = review.rating
              return (
                <li key={review.id} className="text-ink">
                  <span className="font-medium">{review.title}</span> · {t`${rating} of 5 stars`} · {i18n._(reviewStatusLabel[review.status])} ·{' '}
                  {formatDate(review.submittedAt)}
                </li>
              )
            })}
          </ul>
        )}
      </SummarySection>

      <p className="text-sm text-muted">
        {t`Also in your data file — social accounts: ${data.socialProfiles.length}; social posts: ${data.socialPosts.length}; points entries: ${data.ledger.length}; rewards: ${data.redemptions.length}; referrals: ${data.referrals.length}.`}
      </p>
    </article>
  )
}
