import { createFileRoute, Outlet } from '@tanstack/react-router'
import { BrandShell, NoBrandAccess } from '~/features/brand-console/brand-shell'
import { PRIVATE_PAGE } from '~/lib/page-head'

/**
 * A brand's pages (/en/brand/…): a visitor goes to sign in and comes back; a signed-in person who
 * follows no brand sees "no access". The guard only decides what to show: the member API scopes
 * every brand call to the caller's brand.
 */
export const Route = createFileRoute('/$locale/_brand')({
  beforeLoad: async (args) => (await import('~/features/brand-console/brand-guard')).requireBrandViewer(args),
  headers: () => PRIVATE_PAGE,
  staticData: { layout: 'blank' },
  component: BrandLayout,
})

function BrandLayout() {
  const { brand, viewer } = Route.useRouteContext()
  if (!brand) return <NoBrandAccess email={viewer.email} emailVerified={viewer.emailVerified} />
  return (
    <BrandShell self={brand}>
      <Outlet />
    </BrandShell>
  )
}
