import { queryOptions } from '@tanstack/react-query'
import { createServerFn } from '@tanstack/react-start'
import { getCookie } from '@tanstack/react-start/server'

// The member API's member info and participations, with the demo member's ID token (set by the bench).
const INFO_URL = process.env.ANCHOR_INFO_URL ?? ''
const LIST_URL = process.env.ANCHOR_LIST_URL ?? ''
const BEARER = `Bearer ${process.env.ANCHOR_ID_TOKEN ?? ''}`

type Info = { member: { displayName: string; pointsBalance: number }; address: object | null }
export type Item = {
  id: string
  campaignId: string
  status: string
  appliedAt: string
  reviewDueAt: string
  flightName: string
  waitlistPosition: number | null
  shipment: { carrier: string | null } | null
  review: { id: string } | null
  campaign: { title: string; brand: string; productId: string; productName: string; imageUrl: string }
}
type List = { items: Item[] }

async function upstream<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: BEARER } })
  if (!response.ok) throw new Error(`${url} answered ${response.status}`)
  return ((await response.json()) as { data: T }).data
}

/** Loaded by the first request, on the server only. */
let session: Promise<typeof import('./session.server')> | null = null

/** Signed in when the request's session cookie (the portal's, local mode) checks out. */
const viewerFn = createServerFn({ method: 'GET' }).handler(async () => {
  const { signedIn } = await (session ??= import('./session.server'))
  return { signedIn: await signedIn(getCookie('__session')) }
})
const infoFn = createServerFn({ method: 'GET' }).handler(() => upstream<Info>(INFO_URL))
const listFn = createServerFn({ method: 'GET' }).handler(() => upstream<List>(LIST_URL))

export const viewerQuery = queryOptions({ queryKey: ['viewer'], queryFn: () => viewerFn() })
export const infoQuery = queryOptions({ queryKey: ['member', 'info'], queryFn: () => infoFn() })
export const listQuery = queryOptions({ queryKey: ['member', 'list'], queryFn: () => listFn() })
