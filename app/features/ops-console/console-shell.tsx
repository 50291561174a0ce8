import { useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import type { Capability, StaffSelf } from '#contract/staff'
import { Button } from '~/components/ui/button'
import { useLocale } from '~/lib/locale'

type ConsolePage = { to: '/$locale/ops/reviews' | '/$locale/ops/staff' | '/$locale/ops/audit'; label: string; capability: Capability }

/** The console's pages a staff person sees, by the capabilities their roles grant. */
export function useConsolePages(staff: StaffSelf): ConsolePage[] {
  const { t } = useLingui()
  const pages: ConsolePage[] = [
    { to: '/$locale/ops/reviews', label: t`Moderation queue`, capability: 'reviews:moderate' },
    { to: '/$locale/ops/staff', label: t`Staff and roles`, capability: 'staff:manage' },
    { to: '/$locale/ops/audit', label: t`Audit log`, capability: 'audit:read' },
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
            <ConsoleSignOut />
          </div>
        </div>
      </div>
      <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-8">{children}</div>
    </div>
  )
}

function ConsoleSignOut() {
  const { t } = useLingui()
  const locale = useLocale()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [busy, setBusy] = useState(false)
  return (
    <Button
      size="small"
      severity="light"
      variant="text"
      loading={busy}
      onClick={async () => {
        setBusy(true)
        const { signOut } = await import('~/auth/account-actions')
        await signOut(queryClient)
        await navigate({ to: '/$locale', params: { locale } })
      }}
    >
      {t`Sign out`}
    </Button>
  )
}
