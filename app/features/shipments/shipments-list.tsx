import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Shipment } from '#contract/participations'
import { trackingPageUrl } from '#contract/tracking'
import { EmptyState } from '~/components/ui/empty-state'
import { FindATestButton } from '~/components/member/find-a-test-button'
import { ProductThumb } from '~/components/catalogue/product-thumb'
import { cn } from '~/lib/cn'
import { formatDate } from '~/lib/date-format'
import { canRequestReturn } from './shipment-status'
import { returnStatusLabel, shipmentStatusLabel } from './shipment-texts'
import { shipmentsQuery } from '~/lib/member-data/member-data.queries'
import { useLocale } from '~/lib/locale'
import { useSuspenseQueryData } from '~/lib/query-data'

const statusLook: Record<Shipment['status'], string> = {
  pending: 'bg-[#fff3e0] text-[#6b3900]',
  shipped: 'bg-[#eaf0fb] text-[#1a3366]',
  delivered: 'bg-[#e7f4ee] text-[#12402f]',
}

export function ShipmentStatusBadge({ shipment }: { shipment: Shipment }) {
  const { i18n } = useLingui()
  return (
    <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold', statusLook[shipment.status])}>
      {i18n._(shipmentStatusLabel[shipment.status])}
    </span>
  )
}

/** The member's shipments with carrier, tracking number and status. */
export function ShipmentsList() {
  const locale = useLocale()
  const data = useSuspenseQueryData(shipmentsQuery)

  if (data.shipments.length === 0) {
    return (
      <EmptyState title={<Trans>No shipments yet</Trans>} action={<FindATestButton />}>
        <Trans>When you are selected for a test, we send you the product and you can follow it here.</Trans>
      </EmptyState>
    )
  }

  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col gap-4">
        {data.shipments.map((shipment) => (
          <ShipmentCard key={shipment.id} shipment={shipment} />
        ))}
      </ul>
      <p className="text-ink">
        <Trans>
          Something wrong with a product you received?{' '}
          <Link to="/$locale/member/shipments/returns" params={{ locale }} className="font-semibold text-colbolt underline">
            Returns
          </Link>
        </Trans>
      </p>
    </div>
  )
}

function ShipmentCard({ shipment: s }: { shipment: Shipment }) {
  const locale = useLocale()
  const { t, i18n } = useLingui()
  const returnUntil = s.returnableUntil ? formatDate(s.returnableUntil) : ''
  const details: Array<[string, ReactNode]> = []
  details.push([t`Carrier`, s.carrier ?? t`Chosen when it ships`])
  const trackingPage = s.carrier && s.trackingNumber ? trackingPageUrl(s.carrier, s.trackingNumber) : null
  details.push([
    t`Tracking number`,
    s.trackingNumber ? (
      <>
        <span className="font-mono">{s.trackingNumber}</span>
        {trackingPage && (
          <>
            {' '}
            <a href={trackingPage} target="_blank" rel="noopener noreferrer" className="text-colbolt underline underline-offset-2">
              <Trans>Track on the carrier’s site</Trans>
            </a>
          </>
        )}
      </>
    ) : (
      t`Given when it ships`
    ),
  ])
  if (s.shippedAt) details.push([t`Shipped`, formatDate(s.shippedAt)])
  if (s.deliveredAt) details.push([t`Delivered`, formatDate(s.deliveredAt)])
  return (
    <li className="rounded-xl border border-line bg-white p-4 sm:p-5" data-testid="shipment-card">
      <div className="flex gap-4">
        <ProductThumb imageUrl={s.imageUrl} className="size-16 shrink-0 sm:size-20" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 className="text-lg font-semibold text-ink">{s.productName}</h2>
            <ShipmentStatusBadge shipment={s} />
          </div>
          <p className="text-sm text-muted">
            <Link to="/$locale/member/campaigns/$id" params={{ locale, id: s.campaignId }} className="underline hover:no-underline">
              {s.campaignTitle}
            </Link>
          </p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-2 border-t border-line pt-4 sm:grid-cols-2">
        {details.map(([term, value]) => (
          <div key={term} className="flex flex-wrap gap-x-2">
            <dt className="font-semibold text-ink">{term}:</dt>
            <dd className="text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      {s.status === 'pending' && (
        <p className="mt-3 text-sm text-ink">{t`We are packing your product. You will get an e-mail with the tracking number when it ships.`}</p>
      )}
      {s.return && (
        <p className="mt-3 text-sm text-ink">
          <Link to="/$locale/member/shipments/returns" params={{ locale }} className="font-semibold text-colbolt underline">
            {i18n._(returnStatusLabel[s.return.status])}
          </Link>
        </p>
      )}
      {canRequestReturn(s) && (
        <p className="mt-3 text-sm text-ink">
          {t`You can request a return until ${returnUntil}.`}{' '}
          <Link to="/$locale/member/shipments/returns" params={{ locale }} className="font-semibold text-colbolt underline">
            {t`Request a return`}
          </Link>
        </p>
      )}
    </li>
  )
}
