import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { BrandsPage } from '~/features/ops-brands/brands-page'
import { consoleHead } from '~/lib/page-head'

/** Admins: brands, their users, and invitations to join one. */
export const Route = createFileRoute('/$locale/_staff/ops/brands')({
  head: () => consoleHead(msg`Brands`),
  staticData: { consolePage: { capability: 'brands:manage', menu: { label: msg`Brands`, order: 11 } } },
  loader: async ({ context, location }) => {
    if (!context.mayOpen) return
    const { loadBrandList } = await import('~/features/ops-brands/brands-loader')
    await loadBrandList(context.queryClient, location)
  },
  component: BrandsPage,
})
