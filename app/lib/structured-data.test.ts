import { describe, expect, it } from 'vitest'
import type { CampaignDetail } from '#contract/campaigns'
import { campaignProductData } from './structured-data'

const campaign = {
  slug: 'cold-brew',
  summary: 'Cold brew at home.',
  reviewCount: 0,
  averageRating: null,
  product: { name: 'Cold Brew Jug', brand: 'Kettle & Kiln', images: [], gtin: '4006381333931', mpn: 'KK-1', sku: null },
} as unknown as CampaignDetail

describe('a campaign product in schema.org terms', () => {
  it('names the identifiers the brand gave and no others, and claims no rating without reviews', () => {
    const data = campaignProductData('https://testers.example', campaign, [])
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Cold Brew Jug',
      gtin: '4006381333931',
      mpn: 'KK-1',
      url: 'https://testers.example/en/ready-to-test/cold-brew',
    })
    expect(data).not.toHaveProperty('sku')
    expect(data).not.toHaveProperty('aggregateRating')
  })
})
