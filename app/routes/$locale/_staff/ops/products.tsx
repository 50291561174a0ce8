import { createFileRoute } from '@tanstack/react-router'
import { ProductsPage } from '~/features/ops-products/products-page'

export const Route = createFileRoute('/$locale/_staff/ops/products')({
  loader: async ({ context, location }) => {
    if (!context.staff) return
    const { loadProductList } = await import('~/features/ops-products/products-loader')
    await loadProductList(context.queryClient, location)
  },
  component: ProductsPage,
})
