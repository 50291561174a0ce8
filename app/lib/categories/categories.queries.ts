import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import type { ParsedLocation } from '@tanstack/react-router'
import type { CategoryCount, IneligibleReason } from '#contract/campaigns'
import { loadOptionalData } from '~/upstream/load-page-data'
import { unwrap } from '~/upstream/upstream-result'
import { listCategoriesFn } from './categories.functions'

/** The categories, by name. Public, and they change rarely (an admin adds or renames one). */
export const categoriesQuery = queryOptions({
  queryKey: ['categories'],
  queryFn: async (): Promise<CategoryCount[]> => unwrap(await listCategoriesFn()).categories,
  staleTime: 5 * 60_000,
})

/**
 * For a loader whose page names categories only some of the time (a campaign's rules, the reasons a
 * member cannot apply): the list when `needed`. Optional: without it the page shows the slugs.
 */
export async function loadCategoryNames(queryClient: QueryClient, location: ParsedLocation, needed: boolean): Promise<void> {
  if (needed) await loadOptionalData(queryClient, categoriesQuery, location)
}

/** Whether any of these reasons a member cannot apply names categories (a rule on interests). */
export const namesCategories = (reasons: readonly IneligibleReason[]) => reasons.some((reason) => reason.code === 'interests')

/** A category's name by its slug, from the list; the slug itself while the list is unavailable. */
export function useCategoryName(): (slug: string) => string {
  const { data } = useQuery(categoriesQuery)
  return (slug) => data?.find((category) => category.slug === slug)?.name ?? slug
}
