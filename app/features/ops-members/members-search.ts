import * as v from 'valibot'
import { MemberSearchInputSchema, type MemberSearchInput } from './ops-members.functions'

/**
 * The search as the address gives it (read loosely by the route, so none of the console's code
 * rides in every page's script). A referral code of digits typed into the address arrives as a
 * number, so the text is taken either way.
 */
export function searchTextOf(search: Record<string, unknown>): string {
  const { q } = search
  return typeof q === 'string' ? q : typeof q === 'number' ? String(q) : ''
}

/** The search to run: null while there is none, or the text is not one the member API takes (under 2 characters). */
export function memberSearchOf(search: Record<string, unknown>): MemberSearchInput | null {
  const page = typeof search['page'] === 'number' ? search['page'] : 1
  const parsed = v.safeParse(MemberSearchInputSchema, { q: searchTextOf(search), page })
  if (parsed.success) return parsed.output
  // A page number out of range falls back to the first page; a text too short searches nothing.
  const firstPage = v.safeParse(MemberSearchInputSchema, { q: searchTextOf(search), page: 1 })
  return firstPage.success ? firstPage.output : null
}
