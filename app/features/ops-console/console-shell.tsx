import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Capability, StaffSelf } from '#contract/staff'
import { SignOutButton } from '~/layouts/default-layout'
import { useLocale } from '~/lib/locale'

type ConsolePage = {
  to:
    | '/$locale/ops/reviews'
    | '/$locale/ops/staff'
    | '/$locale/ops/audit'
    | '/$locale/ops/members'
    | '/$locale/ops/applicants'
    | '/$locale/ops/shipments'
    | '/$locale/ops/campaigns'
    | '/$locale/ops/products'
    | '/$locale/ops/categories'
    | '/$locale/ops/newsletter'
    | '/$locale/ops/brands'
  label: string
  capability: Capability
}

/** The console's pages a staff person sees, by the capabilities their roles grant. */
export function useConsolePages(staff: StaffSelf): ConsolePage[] {
  const { t } = useLingui()
  const pages: ConsolePage[] = [
    { to: '/$locale/ops/reviews', label: t`Moderation queue`, capability: 'reviews:moderate' },
    { to: '/$locale/ops/staff', label: t`Staff and roles`, capability: 'staff:manage' },
    { to: '/$locale/ops/audit', label: t`Audit log`, capability: 'audit:read' },
    { to: '/$locale/ops/members', label: t`Members`, capability: 'members:read' },
    { to: '/$locale/ops/campaigns', label: t`Campaigns`, capability: 'campaigns:edit' },
    { to: '/$locale/ops/products', label: t`Products`, capability: 'campaigns:edit' },
    { to: '/$locale/ops/categories', label: t`Categories`, capability: 'categories:edit' },
    { to: '/$locale/ops/applicants', label: t`Applicants`, capability: 'applicants:select' },
    { to: '/$locale/ops/shipments', label: t`Shipments`, capability: 'shipments:manage' },
    { to: '/$locale/ops/newsletter', label: t`Newsletter`, capability: 'newsletter:send' },
    { to: '/$locale/ops/brands', label: t`Brands`, capability: 'brands:manage' },
  ]
  return pages.filter((page) => staff.capabilities.includes(page.capability))
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
                to={page.to}
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
            <SignOutButton inverted />
          </div>
        </div>
      </div>
      <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">{children}</div>
    </div>
  )
}
