import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import { SHIPMENT_VIEWS, type OpsShipment } from '#contract/ops-shipments'
import { AddressLines } from '~/components/member/address-lines'
import { DataTable, Pager, type OpsColumn } from '~/components/ops/data-table'
import { ViewSwitch } from '~/components/ops/view-switch'
import { Button } from '~/components/ui/button'
import { TextField } from '~/components/ui/field'
import { formatDate } from '~/lib/date-format'
import { SHIPMENTS_PAGE_SIZE, type ShipmentsInput } from './ops-shipments.functions'
import { opsShipmentsQuery } from './ops-shipments.queries'
import { ShipmentActions, type OpenForm } from './shipment-actions'
import { opsReturnReasonLabel, opsReturnStatusLabel, opsShipmentStatusLabel, shipmentViewLabel } from './shipment-labels'
import { TrackingImport } from './tracking-import'
import { CsvDownloadLink } from '~/components/results/export-download'
import { useSuspenseQueryData } from '~/lib/query-data'

/**
 * Fulfilment: parcels by state (pending, shipped, delivered, returns), optionally of one campaign,
 * a page at a time with the address to send to and the steps each parcel can take; the pending
 * parcels as CSV for the partner, and the partner's tracking file read back.
 */
export function ShipmentsPage({ input, onSearch }: { input: ShipmentsInput; onSearch: (next: Partial<ShipmentsInput>) => void }) {
  const { t, i18n } = useLingui()
  const data = useSuspenseQueryData(opsShipmentsQuery(input))
  const [open, setOpen] = useState<OpenForm>(null)
  const parcelsHeading = useRef<HTMLHeadingElement>(null)
  /** A state's words; a state this portal does not know yet shows as the member API names it. */
  const label = (labels: Readonly<Record<string, MessageDescriptor | undefined>>, value: string) => {
    const descriptor = labels[value]
    return descriptor ? i18n._(descriptor) : value
  }
  const exportQuery = input.campaign ? `?${new URLSearchParams({ campaign: input.campaign }).toString()}` : ''
  const viewName = i18n._(shipmentViewLabel[input.view])
  const campaign = input.campaign

  const columns: OpsColumn<OpsShipment>[] = [
    { id: 'member', header: t`Member`, cell: ({ row }) => <span className="font-semibold">{row.original.displayName}</span> },
    {
      id: 'product',
      header: t`Product and campaign`,
      cell: ({ row }) => (
        <>
          {row.original.productName}
          <span className="block text-muted">{row.original.campaignSlug}</span>
        </>
      ),
    },
    {
      id: 'status',
      header: t`Status`,
      cell: ({ row }) => {
        const created = formatDate(row.original.createdAt)
        return (
          <>
            {label(opsShipmentStatusLabel, row.original.status)}
            <span className="block text-muted">{t`since ${created}`}</span>
          </>
        )
      },
    },
    {
      id: 'tracking',
      header: t`Carrier and tracking`,
      cell: ({ row }) =>
        row.original.trackingNumber ? (
          <>
            {row.original.carrier}
            <span className="block font-mono">{row.original.trackingNumber}</span>
          </>
        ) : (
          <span className="text-muted">—</span>
        ),
    },
    {
      id: 'return',
      header: t`Return`,
      cell: ({ row }) =>
        row.original.returnStatus ? (
          <>
            {label(opsReturnStatusLabel, row.original.returnStatus)}
            {row.original.returnReason && <span className="block text-muted">{label(opsReturnReasonLabel, row.original.returnReason)}</span>}
          </>
        ) : (
          <span className="text-muted">—</span>
        ),
    },
    {
      id: 'address',
      header: t`Shipping address`,
      cell: ({ row }) => {
        const address = row.original.address
        if (!address) return <span className="text-muted">{t`No address saved`}</span>
        return <AddressLines address={address} />
      },
    },
    {
      id: 'actions',
      header: t`Actions`,
      cell: ({ row }) => (
        <ShipmentActions shipment={row.original} open={open} onOpen={setOpen} onDone={() => requestAnimationFrame(() => parcelsHeading.current?.focus())} />
      ),
    },
  ]

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-authentic">{t`Shipments`}</h1>
        <p className="mt-2 text-ink">{t`Parcels for selected testers: ship them, follow them to the door, and take returns back.`}</p>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <ViewSwitch
          label={t`Which parcels`}
          views={SHIPMENT_VIEWS.map((value) => ({ value, label: i18n._(shipmentViewLabel[value]) }))}
          value={input.view}
          onChange={(view) => onSearch({ view, page: 1 })}
        />
        <CampaignFilter key={campaign ?? ''} campaign={campaign} onFilter={(next) => onSearch({ campaign: next, page: 1 })} />
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <CsvDownloadLink className="text-colbolt underline" href={`/ops-exports/pending-shipments.csv${exportQuery}`}>
          {campaign ? t`Download pending shipments of ${campaign} (CSV)` : t`Download pending shipments (CSV)`}
        </CsvDownloadLink>
      </div>
      <TrackingImport />
      <section aria-labelledby="parcels-title" className="flex flex-col gap-3">
        <h2 id="parcels-title" ref={parcelsHeading} tabIndex={-1} className="text-xl font-bold text-authentic focus:outline-none">
          {campaign ? t`${viewName} parcels of ${campaign}` : t`${viewName} parcels`}
        </h2>
        <div>
          <DataTable
            caption={campaign ? t`${viewName} parcels of ${campaign}` : t`${viewName} parcels`}
            columns={columns}
            rows={data.items}
            rowId={(row) => row.shipmentId}
            empty={t`No parcel in this view.`}
          />
          <Pager page={data.page} pageSize={SHIPMENTS_PAGE_SIZE} total={data.total} onPage={(page) => onSearch({ page })} />
        </div>
      </section>
    </div>
  )
}

function CampaignFilter({ campaign, onFilter }: { campaign: string | undefined; onFilter: (campaign: string | undefined) => void }) {
  const { t } = useLingui()
  const [value, setValue] = useState(campaign ?? '')
  return (
    <form
      noValidate
      aria-label={t`Filter by campaign`}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        onFilter(value.trim() || undefined)
      }}
    >
      <TextField label={t`Campaign (its address name)`} value={value} maxLength={120} onChange={(event) => setValue(event.target.value)} className="w-72" />
      <Button type="submit" severity="secondary">
        {t`Apply filter`}
      </Button>
      {campaign && (
        <Button variant="text" severity="contrast" onClick={() => onFilter(undefined)}>
          {t`Show every campaign`}
        </Button>
      )}
    </form>
  )
}
