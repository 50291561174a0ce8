import { createFileRoute } from '@tanstack/react-router'
import { CategoriesPage } from '~/features/ops-categories/categories-page'

export const Route = createFileRoute('/$locale/_staff/ops/categories')({
  loader: async ({ context, location }) => {
    if (!context.staff) return
    const { loadCategoryList } = await import('~/features/ops-categories/categories-loader')
    await loadCategoryList(context.queryClient, location)
  },
  component: CategoriesPage,
})
