import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CategoriesPage } from '~/features/ops-categories/categories-page'
import { consoleHead } from '~/lib/page-head'

export const Route = createFileRoute('/$locale/_staff/ops/categories')({
  head: () => consoleHead(msg`Categories`),
  staticData: { consolePage: { capability: 'categories:edit', menu: { label: msg`Categories`, order: 7 } } },
  loader: async ({ context, location }) => {
    if (!context.mayOpen) return
    const { loadCategoryList } = await import('~/features/ops-categories/categories-loader')
    await loadCategoryList(context.queryClient, location)
  },
  component: CategoriesPage,
})
