import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '#contract/ops-audit'
import { DataTable, Pager, type OpsColumn } from '~/components/ops/data-table'
import { Button } from '~/components/ui/button'
import { SelectField, TextField } from '~/components/ui/field'
import { auditActionLabel, auditTargetLabel } from './audit-labels'
import { AUDIT_PAGE_SIZE, type AuditFilter } from './ops-audit.functions'
import { auditQuery } from './ops-audit.queries'
import { CsvDownloadLink } from '~/components/results/export-download'
import { useSuspenseQueryData } from '~/lib/query-data'

/** A change as the log keeps it: `before → after`, each as compact JSON. */
function describeChange(entry: AuditEntry): string {
  const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value))
  return `${show(entry.changes.before)} → ${show(entry.changes.after)}`
}

/** The day typed (yyyy-mm-dd) as the start of that day in UTC, for the filter. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00.000Z`).toISOString() : undefined)

export function AuditPage({ filter, onFilter }: { filter: AuditFilter; onFilter: (next: AuditFilter) => void }) {
  const { t, i18n } = useLingui()
  const data = useSuspenseQueryData(auditQuery(filter))
  const [actor, setActor] = useState(filter.actor ?? '')
  const [action, setAction] = useState<AuditAction | ''>(filter.action ?? '')
  const [targetId, setTargetId] = useState(filter.targetId ?? '')
  const [from, setFrom] = useState(filter.from?.slice(0, 10) ?? '')
  // The filter's `to` is the start of the day after the last one asked for (see onSubmit): the field shows that last day.
  const [to, setTo] = useState(filter.to ? new Date(Date.parse(filter.to) - 1).toISOString().slice(0, 10) : '')
  const exportQuery = new URLSearchParams(
    Object.entries({ ...filter, page: undefined }).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  )

  const columns: OpsColumn<AuditEntry>[] = [
    { id: 'at', header: t`When (UTC)`, cell: ({ row }) => row.original.at.replace('T', ' ').slice(0, 19) },
    {
      id: 'actor',
      header: t`Who`,
      cell: ({ row }) => (
        <>
          {row.original.actorName || row.original.actorUid}
          {row.original.actorEmail && <span className="block text-muted">{row.original.actorEmail}</span>}
        </>
      ),
    },
    {
      id: 'action',
      header: t`Action`,
      cell: ({ row }) => {
        const label = auditActionLabel[row.original.action as AuditAction]
        return (
          <>
            {label ? i18n._(label) : row.original.action}
            <code className="block text-xs text-muted">{row.original.action}</code>
          </>
        )
      },
    },
    {
      id: 'target',
      header: t`On what`,
      cell: ({ row }) => (
        <>
          {auditTargetLabel[row.original.targetType] ? i18n._(auditTargetLabel[row.original.targetType]!) : row.original.targetType}
          <span className="block break-all text-muted">{row.original.targetId}</span>
        </>
      ),
    },
    { id: 'change', header: t`Change`, cell: ({ row }) => <span className="break-all">{describeChange(row.original)}</span> },
    {
      id: 'from',
      header: t`From where`,
      cell: ({ row }) => (
        <>
          {row.original.ip ?? '—'}
          {row.original.userAgent && (
            <span className="block max-w-48 truncate text-muted" title={row.original.userAgent}>
              {row.original.userAgent}
            </span>
          )}
        </>
      ),
    },
  ]

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-authentic">{t`Audit log`}</h1>
        <p className="mt-2 text-ink">{t`Every staff action, newest first. Entries cannot be changed or deleted.`}</p>
      </div>
      <form
        noValidate
        aria-label={t`Filter the audit log`}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault()
          onFilter({
            page: 1,
            actor: actor.trim() || undefined,
            action: action || undefined,
            targetId: targetId.trim() || undefined,
            from: dayStart(from),
            // Up to the end of the day given.
            to: to ? new Date(new Date(`${to}T00:00:00.000Z`).getTime() + 86_400_000).toISOString() : undefined,
          })
        }}
      >
        <TextField label={t`Person (e-mail or id)`} value={actor} onChange={(event) => setActor(event.target.value)} className="w-64" />
        <SelectField
          label={t`Action`}
          value={action}
          onChange={(event) => setAction(event.target.value as AuditAction | '')}
          options={[{ value: '', label: t`Any action` }, ...AUDIT_ACTIONS.map((value) => ({ value, label: i18n._(auditActionLabel[value]) }))]}
        />
        <TextField label={t`Target id`} value={targetId} onChange={(event) => setTargetId(event.target.value)} className="w-72" />
        <TextField label={t`From (day, UTC)`} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        <TextField label={t`To (day, UTC)`} type="date" value={to} onChange={(event) => setTo(event.target.value)} />
        <Button type="submit" severity="secondary">
          {t`Apply filters`}
        </Button>
        <CsvDownloadLink className="self-center text-colbolt underline" href={`/ops-exports/audit.csv?${exportQuery.toString()}`}>
          {t`Export these entries as CSV`}
        </CsvDownloadLink>
      </form>
      <DataTable caption={t`Audit entries`} columns={columns} rows={data.items} rowId={(row) => row.id} empty={t`No entry matches these filters.`} />
      <Pager page={data.page} pageSize={AUDIT_PAGE_SIZE} total={data.total} onPage={(page) => onFilter({ ...filter, page })} />
    </div>
  )
}
