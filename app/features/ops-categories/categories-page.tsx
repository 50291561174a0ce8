import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { CategoryCreateBody, OpsCategory } from '#contract/categories'
import { DataTable, type OpsColumn } from '~/components/ops/data-table'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { unwrap } from '~/upstream/upstream-result'
import { NewCategoryForm, RenameCategoryForm } from './category-forms'
import { createCategoryFn, renameCategoryFn } from './ops-categories.functions'
import { opsCategoryListQuery } from './ops-categories.queries'
import { useSuspenseQueryData } from '~/lib/query-data'

/** Admins: the product categories members choose interests from and products are filed under; a new one, a new name for one. */
export function CategoriesPage() {
  const { t } = useLingui()
  const data = useSuspenseQueryData(opsCategoryListQuery)
  const queryClient = useQueryClient()
  const [renaming, setRenaming] = useState<string | null>(null)
  // The console's lists, and the names every page shows.
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: ['member', 'ops'] }), queryClient.invalidateQueries({ queryKey: ['categories'] })])
  const create = useMutation({ mutationFn: async (body: CategoryCreateBody) => unwrap(await createCategoryFn({ data: body })), onSettled: refresh })
  const rename = useMutation({
    mutationFn: async ({ slug, name }: { slug: string; name: string }) => unwrap(await renameCategoryFn({ data: { slug, category: { name } } })),
    onSettled: refresh,
  })

  const columns: OpsColumn<OpsCategory>[] = [
    { id: 'name', header: t`Name`, cell: ({ row }) => <span className="font-semibold">{row.original.name}</span> },
    { id: 'slug', header: t`Slug`, cell: ({ row }) => <code>{row.original.slug}</code> },
    { id: 'products', header: t`Products`, cell: ({ row }) => row.original.products },
    { id: 'campaigns', header: t`Published campaigns`, cell: ({ row }) => row.original.campaigns },
    {
      id: 'actions',
      header: t`Actions`,
      cell: ({ row }) => {
        const name = row.original.name
        const open = renaming === row.original.slug
        return (
          <Button
            size="small"
            severity="secondary"
            aria-expanded={open}
            aria-label={open ? t`Close the renaming of ${name}` : t`Rename ${name}`}
            onClick={() => setRenaming(open ? null : row.original.slug)}
          >
            {open ? t`Close` : t`Rename`}
          </Button>
        )
      },
    },
  ]
  const renamed = data.items.find((category) => category.slug === renaming) ?? null

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-authentic">{t`Categories`}</h1>
        <p className="mt-2 text-ink">{t`The product categories: products are filed under them, members choose their interests among them, and a campaign may be for members interested in some of them. Every page shows a category by its name; its slug names it in addresses and filters and never changes.`}</p>
      </div>
      {renamed && (
        <section aria-labelledby="rename-category-heading" className="rounded-xl border border-line bg-white p-4">
          <h2 id="rename-category-heading" className="mb-3 text-xl font-semibold text-authentic">{t`Rename ${renamed.name}`}</h2>
          <RenameCategoryForm
            key={`${renamed.slug}:${renamed.name}`}
            name={renamed.name}
            onSave={async (name) => {
              await rename.mutateAsync({ slug: renamed.slug, name })
              feedback.toast({ severity: 'success', summary: t`Category renamed`, detail: name })
              setRenaming(null)
            }}
          />
        </section>
      )}
      <DataTable caption={t`Categories`} columns={columns} rows={data.items} rowId={(row) => row.slug} empty={t`No category yet.`} />
      <section aria-labelledby="new-category-heading" className="rounded-xl border border-line bg-white p-4">
        <h2 id="new-category-heading" className="mb-3 text-xl font-semibold text-authentic">{t`New category`}</h2>
        <NewCategoryForm
          onSave={async (body) => {
            await create.mutateAsync(body)
            feedback.toast({ severity: 'success', summary: t`Category added`, detail: body.name })
          }}
        />
      </section>
    </div>
  )
}
