import { useLingui } from '@lingui/react/macro'
import { Link, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Button } from '~/components/ui/button'
import { reloadForChunkError } from '~/observability/chunk-reload'
import { reportClientError } from '~/observability/error-reporter'

/**
 * What replaces a page when the app fails ("the error page replaces the normal
 * page"). The error itself is logged, never shown: no stack trace reaches the visitor.
 */
export function AppErrorPage({ error, reset }: Partial<ErrorComponentProps>) {
  const { t } = useLingui()
  useEffect(() => {
    if (!error) return
    // New code deployed under the member's feet: fetch the page again rather than show an error.
    if (reloadForChunkError(error)) return
    console.error('Page error', error)
    reportClientError(error, ['page'])
  }, [error])

  return (
    <div className="flex flex-col items-center">
      <h1 className="text-3xl font-bold text-ink">{t`Something went wrong`}</h1>
      <p className="mt-3 max-w-md text-muted">
        {t`We could not show this page. Please try again in a moment; if it keeps happening, our support team will help.`}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {reset && (
          <Button severity="secondary" onClick={() => reset()}>
            {t`Try again`}
          </Button>
        )}
        <Button asChild>
          <Link to="/">{t`Back to home`}</Link>
        </Button>
      </div>
    </div>
  )
}
