import { DEVICE_HEADER, isDeviceId } from '../../contract/sightings'
import type { Seen } from '../services/sightings'
import { networkKey } from '../services/normalise'
import { clientAddress } from './client-address'
import type { SuiteContext } from './env'

/**
 * What a sign-up or application call was seen with: the device id the portal forwards (a malformed
 * one is no device), and the browser's network as the portal names it. When no browser address was
 * forwarded, the address is the portal's own (a trusted proxy), which names no browser: none is kept.
 */
export function seenIn(c: SuiteContext, trustedProxies: readonly string[]): Seen {
  const header = c.req.header(DEVICE_HEADER)
  const address = clientAddress(c, trustedProxies)
  return {
    device: isDeviceId(header) ? header : null,
    network: trustedProxies.includes(address) ? null : networkKey(address),
  }
}
