// What an unsubscribe link's token allows, apart from its page: the route's loader (in the first
// script every page loads) needs it, and importing the page's module would carry the page along.
import { queryOptions } from '@tanstack/react-query'
import * as v from 'valibot'
import { UnsubscribeQuerySchema, type Unsubscribe } from '#contract/messages'
import type { UpstreamResult } from '~/upstream/upstream-result'
import { checkUnsubscribeFn } from './unsubscribe.functions'

/** What the page knows of its link: usable (and whether it is done already), or why not. */
export type UnsubscribeLink =
  | ({ state: 'ready'; token: string } & Unsubscribe)
  /** Forged, altered, expired, or no token at all: the member API refused it; nothing changed. */
  | { state: 'invalid' }
  /** The account the link was for is deleted. */
  | { state: 'gone' }
  /** The member API did not answer: the link may be good; try again later. */
  | { state: 'unavailable' }

/** A link as the member API answered for it (checked, or confirmed): usable, or why not. */
export function linkOf(token: string, result: UpstreamResult<Unsubscribe>): UnsubscribeLink {
  if (result.ok) return { state: 'ready', token, ...result.data }
  if (result.failure.kind === 'rejected') return { state: 'invalid' }
  if (result.failure.kind === 'not-found') return { state: 'gone' }
  return { state: 'unavailable' }
}

/** The page's loader: a token that cannot be one is refused here, without asking the member API. */
export async function loadUnsubscribeLink(token: string | undefined): Promise<UnsubscribeLink> {
  const query = v.safeParse(UnsubscribeQuerySchema, { token })
  if (!query.success) return { state: 'invalid' }
  return linkOf(query.output.token, await checkUnsubscribeFn({ data: query.output }))
}

/** What a link's token allows, for the page: the loader's answer when the address held it, and a reload's once it has left the address. */
export const unsubscribeLinkQuery = (token: string | undefined) =>
  queryOptions({ queryKey: ['unsubscribe-link', token ?? ''], queryFn: () => loadUnsubscribeLink(token) })
