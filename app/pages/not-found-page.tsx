import { useLingui } from '@lingui/react/macro'
import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Button } from '~/components/ui/button'
import { localePath, useLocale } from '~/lib/locale'
import { LOCALES } from '~/i18n/i18n'

const NOT_FOUND_PATHS = new Set(['/404', ...LOCALES.map((locale) => localePath('/404', locale))])

/**
 * The 404 page: title, description, cta1 → /en/support, cta2 → /. The root picks
 * the error layout around it.
 */
export function NotFoundPage() {
  const locale = useLocale()
  const { t } = useLingui()
  // The address that was loaded and found missing (during a navigation away, `location` already
  // shows the next address while this page is still on screen).
  const missingPath = useRouterState({ select: (s) => s.resolvedLocation?.pathname })
  const navigate = useNavigate()

  // The visitor is also sent to /404: the server already answered 404 for the unknown address;
  // in the browser the address bar then shows /404, without adding a history entry.
  useEffect(() => {
    if (missingPath && !NOT_FOUND_PATHS.has(missingPath)) void navigate({ to: '/404', replace: true })
  }, [missingPath, navigate])

  return (
    <div className="flex flex-col items-center">
      <p className="text-7xl font-black text-toga" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-ink">{t({ id: '404.title', message: 'We could not find that page' })}</h1>
      <p className="mt-3 max-w-md text-muted">
        {t({
          id: '404.description',
          message: 'The page may have moved, or the link may be mistyped. Our support team can help, or you can start again from the home page.',
        })}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild severity="secondary">
          <Link to="/$locale/support" params={{ locale }}>
            {t({ id: '404.cta1', message: 'Visit support' })}
          </Link>
        </Button>
        <Button asChild>
          <Link to="/">{t({ id: '404.cta2', message: 'Back to home' })}</Link>
        </Button>
      </div>
    </div>
  )
}
