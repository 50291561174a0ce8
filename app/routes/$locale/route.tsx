import { createFileRoute, notFound } from '@tanstack/react-router'
import { isLocale } from '~/i18n/i18n'

/**
 * Every page carries a locale prefix; `en` is the only one. Anything else is a 404.
 * No component: the router renders the child page itself, with no script of its own to fetch.
 * No Suspense boundary either: there is nothing of its own to hold back, and each page has its own
 * (its pending state), so one here would only add to every page's render.
 */
export const Route = createFileRoute('/$locale')({
  wrapInSuspense: false,
  beforeLoad: ({ params }) => {
    if (!isLocale(params.locale)) throw notFound()
  },
})
