import { useQuery, useQueryClient, useSuspenseQuery, type QueryKey, type UseQueryOptions, type UseSuspenseQueryOptions } from '@tanstack/react-query'
import { use } from 'react'

/** A query read for its data alone: nothing that makes the data differ from what the cache holds. */
type DataOptions<T, K extends QueryKey> = Omit<UseQueryOptions<T, Error, T, K>, 'select' | 'initialData' | 'placeholderData'>
type SuspenseDataOptions<T, K extends QueryKey> = Omit<UseSuspenseQueryOptions<T, Error, T, K>, 'select' | 'initialData'>

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

function useSuspenseObservedData<T, K extends QueryKey>(options: SuspenseDataOptions<T, K>): T {
  return useSuspenseQuery(options).data
}

function useSuspenseCachedData<T, K extends QueryKey>(options: SuspenseDataOptions<T, K>): T {
  const client = useQueryClient()
  const state = client.getQueryState<T, Error>(options.queryKey)
  // Data held (a failed refetch keeps it) is shown; a failure without data goes to the error boundary.
  if (state?.data !== undefined) return state.data
  if (state?.status === 'error') throw state.error
  // Not loaded yet: the render waits for it (joining a fetch already under way), then reads it above.
  return use(client.ensureQueryData(options))
}

/**
 * The data of a query the page cannot show without, as useSuspenseQuery gives it: the render waits
 * until it is there, and a failure without data goes to the nearest error boundary. As with
 * useQueryData, a server render reads it from the request's query client, which its loaders have
 * filled, instead of building a query observer; the browser observes it.
 */
export const useSuspenseQueryData: <T, K extends QueryKey>(options: SuspenseDataOptions<T, K>) => T = import.meta.env.SSR
  ? useSuspenseCachedData
  : useSuspenseObservedData
