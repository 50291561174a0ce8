import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { ProductsPage } from '~/features/ops-products/products-page'
import { consoleHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_staff/ops/products')({
  head: () => consoleHead(msg`Products`),
  staticData: { consolePage: { capability: 'campaigns:edit', menu: { label: msg`Products`, order: 6 } } },
  loader: async ({ context, location }) => {
    if (!context.mayOpen) return
    const { loadProductList } = await import('~/features/ops-products/products-loader')
    await loadProductList(context.queryClient, location)
  },
  component: ProductsPage,
})
