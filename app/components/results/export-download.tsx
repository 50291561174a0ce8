import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
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

type State =
  | { kind: 'idle' }
  | { kind: 'loading'; received: number }
  | { kind: 'done' }
  | { kind: 'failed' }
  | { kind: 'limited'; limit: 'at-once' | 'per-hour'; retryAfterSeconds: number }

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
      const url = URL.createObjectURL(new Blob(pieces as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }))
      const anchor = document.createElement('a')
      anchor.href = url
      anchor.download = fileNameOf(response.headers.get('content-disposition'), `reviews.${format}`)
      document.body.append(anchor)
      anchor.click()
      anchor.remove()
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
      setState({ kind: 'done' })
    } catch {
      setState({ kind: 'failed' })
    }
  }
  const received = state.kind === 'loading' ? Math.min(state.received, total) : 0
  const shown = i18n.number(received)
  const of = i18n.number(total)
  const atOnce = i18n.number(EXPORTS_AT_ONCE)
  const perHour = i18n.number(EXPORTS_PER_HOUR)
  const minutes = i18n.number(state.kind === 'limited' ? Math.max(1, Math.ceil(state.retryAfterSeconds / 60)) : 0)
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
        {state.kind === 'limited' && (
          <span className="text-danger">
            {state.limit === 'at-once'
              ? t`You have ${atOnce} exports running already. Wait for one to finish, then try again.`
              : t`You have started ${perHour} exports in this hour, the most one person may. Try again in ${minutes} min.`}
          </span>
        )}
      </p>
    </div>
  )
}
