import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'

/** A query read for its data alone: nothing that makes the data differ from what the cache holds. */
type DataOptions<T, K extends QueryKey> = Omit<UseQueryOptions<T, Error, T, K>, 'select' | 'initialData' | 'placeholderData'>

function useObservedData<T, K extends QueryKey>(options: DataOptions<T, K>): T | undefined {
  return useQuery(options).data
}

function useCachedData<T, K extends QueryKey>(options: DataOptions<T, K>): T | undefined {
  return useQueryClient().getQueryData<T>(options.queryKey)
}

/**
 * The data of a query, for a component that shows the data and nothing of the query's state. In the
 * browser it follows the cache through a query observer (refetches, updates, another tab's
 * sign-out). A server render reads the request's query client once, after its loaders have filled
 * it, and nothing changes it while it renders: there the data is read from the cache, which is what
 * an observer would return, without building one (an observer per read cost every page's render).
 * Which of the two runs is fixed per build, so a component always calls the same hooks.
 */
export const useQueryData: <T, K extends QueryKey>(options: DataOptions<T, K>) => T | undefined = import.meta.env.SSR ? useCachedData : useObservedData
