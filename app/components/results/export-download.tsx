import { useLingui } from '@lingui/react/macro'
import { useSearch } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import * as v from 'valibot'
import { UUID_PATTERN } from '#contract/common'
import { RefusalSchema } from '#contract/refusals'
import { EXPORTS_AT_ONCE, EXPORTS_PER_HOUR } from '#contract/staff'
import { Button } from '~/components/ui/button'

/**
 * Counts the reviews in an export as it arrives: each record of the CSV starts a line with its
 * review's id (quoted, as every field of the product's CSV), each of the JSON starts a line with `{` (JSON.stringify escapes line breaks inside
 * texts). A record split across two pieces is counted once: the tail of the text before is kept.
 */
export function recordCounter(format: 'csv' | 'json') {
  const start = format === 'csv' ? new RegExp(`\r\n"${UUID_PATTERN}",`, 'g') : /\n\{/g
  const TAIL = 48
  let tail = ''
  let count = 0
  const matches = (text: string) => text.match(start)?.length ?? 0
  return (piece: string): number => {
    const text = tail + piece
    count += matches(text) - matches(tail)
    tail = text.slice(-TAIL)
    return count
  }
}

const fileNameOf = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback

/** Why the portal refused an export (429: the person's export limits), from the answer's JSON; null for any other failure. */
export async function exportLimitOf(response: Response): Promise<{ limit: 'at-once' | 'per-hour'; retryAfterSeconds: number } | null> {
  if (response.status !== 429) return null
  const body: unknown = await response.json().catch(() => null)
  const reason = v.safeParse(v.object({ reason: RefusalSchema }), body)
  return reason.success && reason.output.reason.code === 'export-limit' ? reason.output.reason : null
}

type ExportLimit = { limit: 'at-once' | 'per-hour'; retryAfterSeconds: number }

/** What the person is told when their export limits refused a download, in the page that started it. */
function ExportLimitText({ limit, retryAfterSeconds }: ExportLimit) {
  const { t, i18n } = useLingui()
  const atOnce = i18n.number(EXPORTS_AT_ONCE)
  const perHour = i18n.number(EXPORTS_PER_HOUR)
  const minutes = i18n.number(Math.max(1, Math.ceil(retryAfterSeconds / 60)))
  return (
    <span className="text-danger">
      {limit === 'at-once'
        ? t`You have ${atOnce} exports running already. Wait for one to finish, then try again.`
        : t`You have started ${perHour} exports in this hour, the most one person may. Try again in ${minutes} min.`}
    </span>
  )
}

/**
 * Says why a download the page started as a plain link (the photos' ZIP) was refused: the portal led
 * the browser back here with the person's limit in the address (`exportRefused`, `retryAfter`).
 */
export function ExportRefusedNotice() {
  const search: Record<string, unknown> = useSearch({ strict: false })
  const limit = search['exportRefused']
  const retryAfterSeconds = Number(search['retryAfter'] ?? 60)
  if (limit !== 'at-once' && limit !== 'per-hour') return null
  return (
    <p role="alert" className="text-sm">
      <ExportLimitText limit={limit} retryAfterSeconds={Number.isFinite(retryAfterSeconds) ? retryAfterSeconds : 60} />
    </p>
  )
}

/** Hands the file gathered in the page to the browser, which saves it to the person's downloads. */
function saveFile(pieces: Uint8Array[], response: Response, fallbackName: string) {
  const url = URL.createObjectURL(new Blob(pieces as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }))
  const anchor = document.createElement('a')
  anchor.href = url
  anchor.download = fileNameOf(response.headers.get('content-disposition'), fallbackName)
  document.body.append(anchor)
  anchor.click()
  anchor.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/**
 * A console export (the audit log's or the pending parcels' CSV, which the portal holds whole
 * anyway) as a link: without the page's script the browser downloads it; with it, the page fetches
 * it, so that a refusal for the person's export limits is said here rather than as a failed
 * download in the browser's list.
 */
export function CsvDownloadLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const { t } = useLingui()
  const [state, setState] = useState<{ kind: 'idle' | 'loading' | 'done' | 'failed' } | ({ kind: 'limited' } & ExportLimit)>({ kind: 'idle' })
  const start = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    if (state.kind === 'loading') return
    setState({ kind: 'loading' })
    try {
      const response = await fetch(href, { credentials: 'same-origin' })
      const limited = await exportLimitOf(response)
      if (limited) return setState({ kind: 'limited', ...limited })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      saveFile([new Uint8Array(await response.arrayBuffer())], response, 'export.csv')
      setState({ kind: 'done' })
    } catch {
      setState({ kind: 'failed' })
    }
  }
  return (
    <span className="flex flex-col gap-1">
      <a className={className} href={href} download onClick={start} aria-busy={state.kind === 'loading'}>
        {children}
      </a>
      <span role="status" className="text-sm text-ink">
        {state.kind === 'loading' ? t`Preparing the file…` : state.kind === 'done' ? t`The file is saved to your downloads.` : ''}
        {state.kind === 'failed' && <span className="text-danger">{t`The download failed. Try again in a moment.`}</span>}
        {state.kind === 'limited' && <ExportLimitText limit={state.limit} retryAfterSeconds={state.retryAfterSeconds} />}
      </span>
    </span>
  )
}

type State = { kind: 'idle' } | { kind: 'loading'; received: number } | { kind: 'done' } | { kind: 'failed' } | ({ kind: 'limited' } & ExportLimit)

/**
 * Downloads an export of a campaign's published reviews with its progress in the page: how many of
 * the `total` reviews have arrived, then the browser saves the file. A text export is small enough
 * to gather in the page (about a kilobyte per review); the photos' ZIP is a plain link instead, so
 * the browser writes it to disk as it comes.
 */
export function ExportDownload({ href, format, label, total }: { href: string; format: 'csv' | 'json'; label: string; total: number }) {
  const { t, i18n } = useLingui()
  const [state, setState] = useState<State>({ kind: 'idle' })
  const start = async () => {
    setState({ kind: 'loading', received: 0 })
    try {
      const response = await fetch(href, { credentials: 'same-origin' })
      const limited = await exportLimitOf(response)
      if (limited) return setState({ kind: 'limited', ...limited })
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`)
      const reader = response.body.getReader()
      const decoder = new TextDecoder()
      const count = recordCounter(format)
      const pieces: Uint8Array[] = []
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        pieces.push(value)
        setState({ kind: 'loading', received: count(decoder.decode(value, { stream: true })) })
      }
      saveFile(pieces, response, `reviews.${format}`)
      setState({ kind: 'done' })
    } catch {
      setState({ kind: 'failed' })
    }
  }
  const received = state.kind === 'loading' ? Math.min(state.received, total) : 0
  const shown = i18n.number(received)
  const of = i18n.number(total)
  return (
    <div className="flex flex-col gap-1">
      <Button severity="secondary" variant="outlined" onClick={start} loading={state.kind === 'loading'}>
        {label}
      </Button>
      {state.kind === 'loading' && (
        <div className="flex items-center gap-2 text-sm text-ink">
          <progress max={Math.max(total, 1)} value={received} aria-label={t`${label}: reviews received`} />
          <span>{t`${shown} of ${of} reviews`}</span>
        </div>
      )}
      <p role="status" className="text-sm text-ink">
        {state.kind === 'loading' ? t`Preparing the file…` : state.kind === 'done' ? t`The file is saved to your downloads.` : ''}
        {state.kind === 'failed' && <span className="text-danger">{t`The download failed. Try again in a moment.`}</span>}
        {state.kind === 'limited' && <ExportLimitText limit={state.limit} retryAfterSeconds={state.retryAfterSeconds} />}
      </p>
    </div>
  )
}
