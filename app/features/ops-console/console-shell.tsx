import { useLingui } from '@lingui/react/macro'
import { Link, useRouter, type AnyRoute } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { StaffSelf } from '#contract/staff'
import { SignOutButton } from '~/layouts/default-layout'
import { useLocale } from '~/lib/locale'
import { mayOpen, type ConsolePage } from './console-page'

type ConsoleMenuEntry = { to: string; label: string; capability: ConsolePage['capability'] }

/** The console's pages a staff person sees, in menu order, by the capabilities their roles grant: read from the routes. */
export function useConsolePages(staff: StaffSelf): ConsoleMenuEntry[] {
  const { i18n } = useLingui()
  const router = useRouter()
  return Object.values(router.routesById as unknown as Record<string, AnyRoute>)
    .flatMap((route) => {
      const page = route.options.staticData?.consolePage
      return page?.menu && mayOpen(staff, page)
        ? [{ to: route.fullPath, order: page.menu.order, label: i18n._(page.menu.label), capability: page.capability }]
        : []
    })
    .sort((a, b) => a.order - b.order)
    .map(({ order: _order, ...entry }) => entry)
}

/** The console's frame: its navigation, who is signed in, and the page. */
export function ConsoleShell({ staff, children }: { staff: StaffSelf; children: ReactNode }) {
  const { t } = useLingui()
  const locale = useLocale()
  const pages = useConsolePages(staff)
  return (
    <div className="flex min-h-screen flex-col">
      <div className="bg-authentic text-white">
        <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link to="/$locale/ops" params={{ locale }} className="font-bold text-white">
            {t`Testers Circle console`}
          </Link>
          <nav aria-label={t`Console`} className="flex flex-wrap gap-1">
            {pages.map((page) => (
              <Link
                key={page.to}
                // A console route's own path, read from the route tree.
                to={page.to as '/$locale/ops'}
                params={{ locale }}
                className="rounded px-3 py-1.5 text-sm text-white hover:bg-white/10"
                activeProps={{ 'aria-current': 'page', className: 'bg-white/15 font-semibold' }}
              >
                {page.label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span>{t`Signed in as ${staff.name ?? staff.email ?? ''}`}</span>
            <Link to="/$locale" params={{ locale }} className="text-white underline">
              {t`Member site`}
            </Link>
            <Link to="/$locale/second-factor" params={{ locale }} className="text-white underline">
              {t`Two-step sign-in`}
            </Link>
            <SignOutButton inverted />
          </div>
        </div>
      </div>
      <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">{children}</div>
    </div>
  )
}
