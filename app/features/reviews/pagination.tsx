import { Trans, useLingui } from '@lingui/react/macro'
import { Link, type LinkProps } from '@tanstack/react-router'
import { ChevronLeft, ChevronRight } from 'lucide-react'

const linkClass =
  'inline-flex items-center gap-1 rounded-lg border-2 border-authentic px-4 py-2 font-semibold text-authentic hover:bg-authentic-soft focus-visible:outline-3 focus-visible:outline-focus-ring'

/** Previous / next links with "Page 2 of 5"; `linkTo(page)` gives each link's target. */
export function Pagination({ page, pages, linkTo }: { page: number; pages: number; linkTo: (page: number) => LinkProps }) {
  const { t } = useLingui()
  if (pages <= 1) return null
  return (
    <nav aria-label={t`Pages`} className="mt-8 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link {...linkTo(page - 1)} className={linkClass} rel="prev">
          <ChevronLeft className="size-4" aria-hidden="true" />
          <Trans>Previous page</Trans>
        </Link>
      ) : (
        <span />
      )}
      <p className="font-medium text-ink" aria-live="polite">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </p>
      {page < pages ? (
        <Link {...linkTo(page + 1)} className={linkClass} rel="next">
          <Trans>Next page</Trans>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
