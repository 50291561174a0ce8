import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type ChangeEvent, type FormEvent } from 'react'
import { TRACKING_IMPORT_MAX_ROWS, type TrackingImportError, type TrackingImportReport } from '#contract/ops-shipments'
import { Button } from '~/components/ui/button'
import { FieldFrame, FormAlert } from '~/components/ui/field'
import { unwrap } from '~/upstream/upstream-result'
import { importTrackingFn, TRACKING_FILE_MAX_BYTES } from './ops-shipments.functions'

type TrackingFile = { name: string; text: string }

/**
 * The fulfilment partner's tracking file: read here, checked by the member API into a report (nothing
 * is written), and only when the report has no error, applied on a second press with the same file.
 */
export function TrackingImport() {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [file, setFile] = useState<TrackingFile | null>(null)
  const [problem, setProblem] = useState<string | undefined>()
  const [report, setReport] = useState<TrackingImportReport | null>(null)
  const maxRows = i18n.number(TRACKING_IMPORT_MAX_ROWS)

  const send = useMutation({
    mutationFn: async ({ csv, apply }: { csv: string; apply: boolean }) => unwrap(await importTrackingFn({ data: { csv, apply } })),
    onSuccess: (next) => setReport(next),
    onSettled: (_report, _error, { apply }) => (apply ? queryClient.invalidateQueries({ queryKey: ['member', 'ops', 'shipments'] }) : undefined),
  })

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0]
    setFile(null)
    setReport(null)
    setProblem(undefined)
    if (!chosen) return
    // Looked at before it is read: a file past the limit is not read at all.
    if (chosen.size > TRACKING_FILE_MAX_BYTES) return setProblem(t`This file is larger than 2 MB. Split it into smaller files.`)
    if (chosen.size === 0) return setProblem(t`This file is empty.`)
    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await chosen.arrayBuffer())
    } catch {
      return setProblem(t`This file is not UTF-8 text. Save it from the spreadsheet as "CSV UTF-8".`)
    }
    setFile({ name: chosen.name, text })
  }

  const check = (event: FormEvent) => {
    event.preventDefault()
    if (send.isPending) return
    if (!file) return setProblem(problem ?? t`Choose the tracking file (CSV) first.`)
    setReport(null)
    send.mutate({ csv: file.text, apply: false })
  }

  return (
    <section aria-labelledby="tracking-import-title" className="flex flex-col gap-4 rounded-xl border border-line bg-white p-4">
      <h2 id="tracking-import-title" className="text-xl font-bold text-authentic">
        {t`Tracking file`}
      </h2>
      <form noValidate onSubmit={check} aria-label={t`Check a tracking file`} className="flex flex-wrap items-end gap-3">
        <FieldFrame
          label={t`Tracking file (CSV)`}
          description={t`Columns shipment_id, carrier and tracking_number (other columns are ignored); at most ${maxRows} rows and 2 MB. Nothing is written until you apply it.`}
          error={problem}
          className="max-w-xl"
        >
          {(control) => <input {...control} type="file" accept=".csv,text/csv" onChange={(event) => void choose(event)} />}
        </FieldFrame>
        <Button type="submit" severity="secondary" loading={send.isPending && !send.variables?.apply}>
          {t`Check the file`}
        </Button>
      </form>
      {report && file && (
        <ImportReport
          report={report}
          fileName={file.name}
          applying={send.isPending && send.variables?.apply === true}
          onApply={() => {
            if (!send.isPending) send.mutate({ csv: file.text, apply: true })
          }}
        />
      )}
    </section>
  )
}

/** What the file would do (or did): rows, parcels to ship, rows already applied, and each error with its line. */
/** One error of a tracking file, in the console's words (the member API's English is for scripts). */
function useImportErrorWords() {
  const { t } = useLingui()
  const max = TRACKING_IMPORT_MAX_ROWS
  return (error: TrackingImportError): string => {
    const { line } = error
    const detail = error.detail ?? ''
    switch (error.code) {
      case 'not-utf8':
        return t`The file is not UTF-8 text: save it as "CSV UTF-8" and choose it again.`
      case 'not-csv':
        return t`Line ${line}: the file is not valid CSV here (a quote is not closed, or stands inside a field).`
      case 'empty':
        return t`The file is empty.`
      case 'missing-columns': {
        const columns = error.column ?? ''
        return t`Line ${line}: the first line must name the columns shipment_id, carrier and tracking_number; it lacks ${columns}.`
      }
      case 'too-many-rows':
        return t`The file has ${detail} rows; at most ${max} at once. Split it into smaller files.`
      case 'invalid-value':
        if (error.column === 'shipment_id') return t`Line ${line}: the shipment id is not one (copy it from the exported file).`
        if (error.column === 'carrier') return t`Line ${line}: the carrier's name is missing or not a name.`
        return t`Line ${line}: the tracking number must be 6 to 40 letters and digits, hyphens allowed, no spaces.`
      case 'duplicate':
        return t`Line ${line}: this shipment is on line ${detail} already.`
      case 'unknown-shipment':
        return t`Line ${line}: no shipment has this id.`
      case 'already-shipped':
        return t`Line ${line}: this parcel has already shipped with another tracking number (${detail}).`
      case 'apply-failed':
        return t`Line ${line}: this parcel changed while the file was applied (shipped or withdrawn meanwhile). Nothing was written: check the file again.`
    }
  }
}

function ImportReport({ report, fileName, applying, onApply }: { report: TrackingImportReport; fileName: string; applying: boolean; onApply: () => void }) {
  const { t } = useLingui()
  const describeImportError = useImportErrorWords()
  const summaryId = useId()
  const { rows, toShip, unchanged, errors } = report
  const errorCount = errors.length
  return (
    <div className="flex flex-col gap-3" data-testid="tracking-report">
      <FormAlert tone={errorCount > 0 ? 'error' : 'success'}>
        <p id={summaryId} className="font-semibold">
          {report.applied
            ? t`${fileName} is applied: its parcels are shipped.`
            : errorCount > 0
              ? t`${fileName} has errors: nothing can be written until they are fixed.`
              : t`${fileName} is ready: nothing is written yet.`}
        </p>
        <dl className="mt-2 grid max-w-md grid-cols-[auto_auto] gap-x-6 gap-y-1">
          <dt>{t`Rows`}</dt>
          <dd>{rows}</dd>
          <dt>{report.applied ? t`Shipped` : t`Would ship`}</dt>
          <dd>{toShip}</dd>
          <dt>{t`Unchanged (already shipped with this tracking number)`}</dt>
          <dd>{unchanged}</dd>
          <dt>{t`Errors`}</dt>
          <dd>{errorCount}</dd>
        </dl>
        {errorCount > 0 && (
          <ul className="mt-2 flex list-disc flex-col gap-1 pl-5" aria-label={t`Errors in the file`}>
            {errors.map((error) => (
              <li key={`${error.line}:${error.code}:${error.column ?? ''}`}>{describeImportError(error)}</li>
            ))}
          </ul>
        )}
      </FormAlert>
      {!report.applied && errorCount === 0 && rows > 0 && (
        <div>
          <Button onClick={onApply} loading={applying} aria-describedby={summaryId}>
            {rows === 1 ? t`Apply 1 row` : t`Apply ${rows} rows`}
          </Button>
        </div>
      )}
    </div>
  )
}
