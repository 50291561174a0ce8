import { describe, expect, it } from 'vitest'
import { trackingPageUrl } from './tracking'

describe('tracking links', () => {
  it('finds the carrier’s page whatever the case and spacing of its name', () => {
    expect(trackingPageUrl('DHL', 'JD0146000012345')).toBe(
      'https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?submit=1&tracking-id=JD0146000012345',
    )
    expect(trackingPageUrl('  dhl   Express ', 'JD1')).toContain('tracking-id=JD1')
    expect(trackingPageUrl('Royal Mail', 'AB123456789GB')).toBe('https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB')
    expect(trackingPageUrl('UPS', '1Z999AA10123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784')
  })

  it('gives no link for a carrier it does not know, or a number that is not letters, digits and hyphens', () => {
    expect(trackingPageUrl('Bike courier Jo', 'JD0146000012345')).toBeNull()
    expect(trackingPageUrl('DHL', 'JD01&x=1')).toBeNull()
    expect(trackingPageUrl('DHL Paketdienst', 'JD1')).toBeNull()
  })
})
