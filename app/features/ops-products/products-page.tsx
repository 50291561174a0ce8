import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { OpsProduct, ProductInput } from '#contract/authoring'
import { DataTable, type OpsColumn } from '~/components/ops/data-table'
import { Button } from '~/components/ui/button'
import { feedback } from '~/components/ui/feedback-store'
import { categoriesQuery } from '~/lib/categories/categories.queries'
import { unwrap } from '~/upstream/upstream-result'
import { createProductFn, updateProductFn } from './ops-products.functions'
import { productListQuery } from './ops-products.queries'
import { ProductForm } from './product-form'
import { ProductImagesEditor } from './product-images-editor'
import { useSuspenseQueryData } from '~/lib/query-data'

/** Campaign managers: the products campaigns test, a new one, and editing one (a save by someone else in between is refused). */
export function ProductsPage() {
  const { t, i18n } = useLingui()
  const data = useSuspenseQueryData(productListQuery)
  const categories = useSuspenseQueryData(categoriesQuery)
  const categoryName = (slug: string) => categories.find((category) => category.slug === slug)?.name ?? slug
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['member', 'ops'] })
  const create = useMutation({ mutationFn: async (input: ProductInput) => unwrap(await createProductFn({ data: input })), onSettled: refresh })
  const update = useMutation({
    mutationFn: async ({ product, input }: { product: OpsProduct; input: ProductInput }) =>
      unwrap(await updateProductFn({ data: { productId: product.id, product: { ...input, editedVersion: product.updatedAt } } })),
    onSettled: refresh,
  })
  const price = (p: OpsProduct) => new Intl.NumberFormat(i18n.locale, { style: 'currency', currency: p.currency }).format(p.retailValueCents / 100)

  const columns: OpsColumn<OpsProduct>[] = [
    {
      id: 'product',
      header: t`Product`,
      cell: ({ row }) => (
        <>
          <span className="font-semibold">{row.original.name}</span>
          <span className="block text-muted">{row.original.brand}</span>
        </>
      ),
    },
    { id: 'category', header: t`Category`, cell: ({ row }) => categoryName(row.original.category) },
    { id: 'price', header: t`Shop price`, cell: ({ row }) => price(row.original) },
    { id: 'images', header: t`Images`, cell: ({ row }) => row.original.images.length },
    { id: 'campaigns', header: t`Campaigns`, cell: ({ row }) => row.original.campaigns },
    {
      id: 'actions',
      header: t`Actions`,
      cell: ({ row }) => {
        const name = row.original.name
        const open = editing === row.original.id
        return (
          <Button
            size="small"
            severity="secondary"
            aria-expanded={open}
            aria-label={open ? t`Close ${name}` : t`Edit ${name}`}
            onClick={() => setEditing(open ? null : row.original.id)}
          >
            {open ? t`Close` : t`Edit`}
          </Button>
        )
      },
    },
  ]
  const edited = data.items.find((p) => p.id === editing) ?? null

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold text-authentic">{t`Products`}</h1>
        <p className="mt-2 text-ink">{t`The products campaigns test: brand, name, description, category and shop price. A new product has no image yet, and a campaign testing it cannot be published until it has one.`}</p>
      </div>
      {edited && (
        <section aria-labelledby="edit-product-heading" className="rounded-xl border border-line bg-white p-4">
          <h2 id="edit-product-heading" className="mb-3 text-xl font-semibold text-authentic">{t`Edit ${edited.name}`}</h2>
          <ProductForm
            key={`${edited.id}:${edited.updatedAt}`}
            product={edited}
            categories={categories}
            submitLabel={t`Save the product`}
            onSave={async (input) => {
              await update.mutateAsync({ product: edited, input })
              feedback.toast({ severity: 'success', summary: t`Product saved`, detail: input.name })
              setEditing(null)
            }}
          />
          <ProductImagesEditor product={edited} />
        </section>
      )}
      <DataTable caption={t`Products`} columns={columns} rows={data.items} rowId={(row) => row.id} empty={t`No product yet.`} />
      <section aria-labelledby="new-product-heading" className="rounded-xl border border-line bg-white p-4">
        <h2 id="new-product-heading" className="mb-3 text-xl font-semibold text-authentic">{t`New product`}</h2>
        <ProductForm
          product={null}
          categories={categories}
          submitLabel={t`Create the product`}
          onSave={async (input) => {
            await create.mutateAsync(input)
            feedback.toast({ severity: 'success', summary: t`Product created`, detail: input.name })
          }}
        />
      </section>
    </div>
  )
}
