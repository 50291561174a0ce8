// The one pending and the one error component of every page whose data its loader loads
// (upstream/load-page-data.ts): the router uses them for every route (router.tsx).
import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Button } from '~/components/ui/button'
import { FormAlert } from '~/components/ui/field'
import { Spinner } from '~/components/ui/spinner'
import { applyErrorEffect, wasHandled } from '~/upstream/apply-effect'
import { effectOf } from '~/upstream/error-catalogue'
import { isUpstreamError, type UpstreamError } from '~/upstream/upstream-result'
import { AppErrorPage } from './error-page'

/** While a page's data is on its way (shown only when it takes a while: the router's pending delay). */
export function PagePending() {
  const { t } = useLingui()
  return (
    <div className="flex justify-center px-4 py-16 text-muted" role="status" aria-live="polite">
      <Spinner className="size-6" />
      <span className="sr-only">{t`Loading…`}</span>
    </div>
  )
}

/**
 * The router's pending state for every route: PagePending in the browser. The server renders
 * nothing for it: it renders a page once its data is there, and React draws each boundary's
 * fallback there only to throw it away when the page inside is complete.
 */
export function RoutePending() {
  return import.meta.env.SSR ? null : <PagePending />
}

/** A route's error: a page whose data could not be loaded says so in its frame; anything else is the app's error page. */
export function RouteError(props: ErrorComponentProps) {
  return isUpstreamError(props.error) ? <PageDataError error={props.error} reset={props.reset} /> : <AppErrorPage {...props} />
}

function PageDataError({ error, reset }: { error: UpstreamError; reset: () => void }) {
  const { t } = useLingui()
  const router = useRouter()
  const queryClient = useQueryClient()
  // A failure met in this browser has had its catalogue effect already (the query cache's handler);
  // one met while the server rendered the page gets it here, once.
  useEffect(() => {
    if (!wasHandled(error)) void applyErrorEffect(effectOf(error.failure), { router, queryClient })
  }, [error, router, queryClient])
  // The session is over: the member is on the way to signing in.
  if (error.failure.kind === 'unauthenticated') return null
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-start gap-4 px-4 py-10">
      <FormAlert>{t`We could not load this page just now. Please try again in a moment.`}</FormAlert>
      <Button
        severity="secondary"
        onClick={() => {
          reset()
          void router.invalidate()
        }}
      >
        {t`Try again`}
      </Button>
    </div>
  )
}
