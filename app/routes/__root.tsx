/// <reference types="vite/client" />
import { I18nProvider } from '@lingui/react'
import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, HeadContent, Outlet, Scripts, useMatches, useRouter } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { AuthProvider } from '~/auth/auth-provider'
import { afterInteractive } from '~/lib/after-interactive'
import { takeSecretAddress } from '~/lib/address-secrets'
import { publicConfigQuery } from '~/lib/public-config'
import { viewerQuery } from '~/auth/viewer'
import { FeedbackHost } from '~/components/ui/feedback-host'
import { keepFocusAfterNavigation } from '~/components/ui/focus-return'
import { ensureMessages } from '~/i18n/browser-messages'
import { catalogUrl, DEFAULT_LOCALE, i18n } from '~/i18n/i18n'
import { AuthLayout } from '~/layouts/auth-layout'
import { BlankLayout } from '~/layouts/blank-layout'
import { DefaultLayout } from '~/layouts/default-layout'
import { ErrorLayout } from '~/layouts/error-layout'
import { pageFrameOf } from '~/layouts/layout-options'
import { PdfLayout } from '~/layouts/pdf-layout'
import { useBuildVersionCheck } from '~/observability/use-build-version-check'
// A hashed file: cached for good and precompressed like the scripts.
import faviconUrl from '~/styles/favicon.svg?no-inline'
import { NotFoundPage } from '~/pages/not-found-page'
import { AppErrorPage } from '~/pages/error-page'
import { failIfAsked } from '~/server/fault-injection'
import appCss from '~/styles/app.css?url'
import { memberInfoQuery } from '~/lib/member-data/member-data.queries'
import { LocaleProvider } from '~/lib/locale'
import { NOT_INDEXED, notFoundHead, siteHead } from '~/lib/page-head'

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // No Suspense boundary of its own around the document's content: the root's data is there before
  // anything renders (on the server, and in the browser, which takes over the server's page), and
  // the router's boundary around the pages below still shows a page's pending state. One here only
  // made the server render its fallback on every request, to throw it away.
  wrapInSuspense: false,
  // Who is looking, and how the browser reaches Firebase, are known before the first paint: the
  // header never flashes the signed-out state for a member.
  beforeLoad: async ({ context }) => {
    await failIfAsked()
    // A tab open for more than a day fetches the messages again (browser-messages.ts).
    if (typeof window !== 'undefined') await ensureMessages(DEFAULT_LOCALE)
    const [viewer] = await Promise.all([context.queryClient.ensureQueryData(viewerQuery), context.queryClient.ensureQueryData(publicConfigQuery)])
    // The header's name and points: asked for now, beside the guards' and the page's own calls.
    if (viewer.signedIn) void context.queryClient.prefetchQuery(memberInfoQuery)
  },
  // In the first HTML when rendering on the server (the loader waits for the call begun above); in
  // the browser they never hold up a navigation.
  loader: async ({ context }) => {
    if (typeof window === 'undefined' && context.queryClient.getQueryData(viewerQuery.queryKey)?.signedIn) {
      await context.queryClient.prefetchQuery(memberInfoQuery)
    }
  },
  // A page that failed or names nothing is no page for a search engine (its status says which).
  headers: ({ matches }) => (matches.some((match) => match.status === 'error' || match.status === 'notFound' || match._notFound) ? NOT_INDEXED : undefined),
  head: ({ matches }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      // An address that names no page is shown the not-found page, titled as such.
      ...(matches.some((match) => match.status === 'notFound' || match._notFound) ? notFoundHead() : siteHead()).meta,
    ],
    links: [
      // The messages load beside the scripts, not after them (app/client.tsx waits for them).
      { rel: 'preload', href: catalogUrl(DEFAULT_LOCALE), as: 'fetch', crossOrigin: 'anonymous' },
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', href: faviconUrl, type: 'image/svg+xml' },
    ],
  }),
  shellComponent: RootDocument,
  component: RootComponent,
  notFoundComponent: NotFoundPage,
  // An error in the root itself: nothing of the normal frame is trusted, so the error layout alone.
  errorComponent: (props) => (
    <ErrorLayout>
      <AppErrorPage {...props} />
    </ErrorLayout>
  ),
})

/** Keeps the keyboard's place across client-side page changes (focus-return.ts). */
function useFocusAfterNavigation() {
  const router = useRouter()
  useEffect(
    () =>
      router.subscribe('onRendered', (event) => {
        if (event.fromLocation && event.pathChanged) keepFocusAfterNavigation()
      }),
    [router],
  )
}

/**
 * Marks the document once React has taken over, so tests (and styles) can tell. By then a secret
 * of the address (a link's code or token) has left the address bar, kept for its page
 * (lib/address-secrets.ts), even when the page's own code is still on its way.
 */
function useHydratedMarker() {
  useEffect(() => {
    takeSecretAddress()
    document.documentElement.dataset.hydrated = 'true'
  }, [])
}

/** The configured third-party services, once the page is interactive (pages/third-party-services.ts); none configured, nothing loads. */
function useThirdPartyServices() {
  const queryClient = useQueryClient()
  const router = useRouter()
  useEffect(() => {
    const services = queryClient.getQueryData(publicConfigQuery.queryKey)?.services
    if (!services?.gaMeasurementId && !services?.intercomAppId && !services?.recaptchaSiteKey) return
    return afterInteractive(
      () => void import('~/pages/third-party-services').then(({ startThirdPartyServices }) => startThirdPartyServices(queryClient, router)),
    )
  }, [queryClient, router])
}

function RootDocument({ children }: { children: ReactNode }) {
  useHydratedMarker()
  useThirdPartyServices()
  useBuildVersionCheck()
  useFocusAfterNavigation()
  return (
    <html lang="en" dir="ltr">
      <head>
        <HeadContent />
      </head>
      <body>
        <I18nProvider i18n={i18n}>
          <LocaleProvider>
            {children}
            <FeedbackHost />
            <AuthProvider />
          </LocaleProvider>
        </I18nProvider>
        <Scripts />
      </body>
    </html>
  )
}

/** Wraps the matched page in the layout its route asks for (static data), `default` when unset. */
function RootComponent() {
  const frame = useMatches({
    select: (matches) => {
      const failed = matches.some((m) => m.status === 'notFound' || m.status === 'error' || m._notFound)
      return failed ? { ...pageFrameOf([]), layout: 'error' as const } : pageFrameOf(matches.map((m) => m.staticData))
    },
  })
  const page = <Outlet />
  switch (frame.layout) {
    case 'blank':
      return <BlankLayout>{page}</BlankLayout>
    case 'auth':
      return <AuthLayout>{page}</AuthLayout>
    case 'error':
      return <ErrorLayout>{page}</ErrorLayout>
    case 'pdf-layout':
      return <PdfLayout>{page}</PdfLayout>
    default:
      return (
        <DefaultLayout lightHeader={frame.lightHeader} pageBackground={frame.pageBackground}>
          {page}
        </DefaultLayout>
      )
  }
}
