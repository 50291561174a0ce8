import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Role, StaffSelf } from '#contract/staff'
import { useLocale } from '~/lib/locale'
import { useConsolePages } from './console-shell'
import { roleLabel } from '~/components/ops/role-labels'

/** The console's first page: the staff person's roles, and the pages they open. */
export function ConsoleHome({ staff }: { staff: StaffSelf }) {
  const { t, i18n } = useLingui()
  const locale = useLocale()
  const pages = useConsolePages(staff)
  const roles = staff.roles.map((role: Role) => i18n._(roleLabel[role])).join(', ')
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold text-authentic">{t`Console`}</h1>
      <p className="text-ink">{t`Your roles: ${roles}.`}</p>
      {pages.length > 0 ? (
        <ul className="grid gap-3 sm:grid-cols-3">
          {pages.map((page) => (
            <li key={page.to}>
              <Link
                // A console route's own path, read from the route tree.
                to={page.to as '/$locale/ops'}
                params={{ locale }}
                className="block rounded-xl border border-line bg-white p-4 font-semibold text-authentic hover:border-authentic"
              >
                {page.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-ink">{t`The console has no page for your roles yet: their steps are done with the operator command line (npm run suite:ops -- help).`}</p>
      )}
    </div>
  )
}
