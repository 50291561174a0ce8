import { describe, expect, it } from 'vitest'
import { forwardedClient } from './client-address'

describe('the client address behind proxies', () => {
  const proxies = ['10.0.1.10', '10.0.2.10']

  it("takes the socket's address from anyone who is not a trusted proxy, whatever they forward", () => {
    expect(forwardedClient('203.0.113.7', '198.51.100.1', proxies)).toBe('203.0.113.7')
    expect(forwardedClient('::ffff:203.0.113.7', undefined, proxies)).toBe('203.0.113.7')
  })

  it('takes the nearest forwarded address that is not itself a trusted proxy', () => {
    // A browser that sent its own X-Forwarded-For: the balancer appends the real address last.
    expect(forwardedClient('10.0.1.10', '198.51.100.1, 203.0.113.7', proxies)).toBe('203.0.113.7')
    // Through two trusted hops.
    expect(forwardedClient('10.0.2.10', '203.0.113.7, 10.0.1.10', proxies)).toBe('203.0.113.7')
    // A trusted proxy that forwarded nothing is the client.
    expect(forwardedClient('10.0.1.10', undefined, proxies)).toBe('10.0.1.10')
  })
})
