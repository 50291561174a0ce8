// Discount codes for redeemed points: generated locally in local mode, created in Shopify
// (Admin GraphQL API, a basic order discount usable once) in production.
import { randomInt } from 'node:crypto'

export interface DiscountCodeRequest {
  requestId: string
  valueCents: number
  currency: string
  title: string
  /** Aborted when the member API stops waiting. */
  signal?: AbortSignal
}

export interface DiscountCodeIssuer {
  issue(request: DiscountCodeRequest): Promise<string>
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
export function randomCode(length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += ALPHABET[randomInt(ALPHABET.length)]
  return out
}

export const localDiscountCodes: DiscountCodeIssuer = {
  async issue() {
    return `TC-${randomCode(4)}-${randomCode(4)}`
  },
}

export function shopifyDiscountCodes(shop: string, adminToken: string): DiscountCodeIssuer {
  return {
    async issue({ valueCents, title, signal }) {
      const code = `TC-${randomCode(4)}-${randomCode(4)}`
      const response = await fetch(`https://${shop}/admin/api/2025-01/graphql.json`, {
        method: 'POST',
        signal,
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': adminToken },
        body: JSON.stringify({
          query: `mutation create($input: DiscountCodeBasicInput!) {
            discountCodeBasicCreate(basicCodeDiscount: $input) { userErrors { field message } }
          }`,
          variables: {
            input: {
              title,
              code,
              startsAt: new Date().toISOString(),
              usageLimit: 1,
              appliesOncePerCustomer: true,
              customerSelection: { all: true },
              customerGets: {
                value: { discountAmount: { amount: (valueCents / 100).toFixed(2), appliesOnEachItem: false } },
                items: { all: true },
              },
            },
          },
        }),
      })
      const body = (await response.json().catch(() => null)) as {
        data?: { discountCodeBasicCreate?: { userErrors?: { message: string }[] } }
      } | null
      const errors = body?.data?.discountCodeBasicCreate?.userErrors
      if (!response.ok || !body?.data || (errors && errors.length > 0)) {
        throw new Error(`Shopify refused the discount code (HTTP ${response.status}): ${JSON.stringify(errors ?? body)}`)
      }
      return code
    },
  }
}
