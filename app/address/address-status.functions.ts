import { createServerFn } from '@tanstack/react-start'

/**
 * Whether the calling member has saved a shipping address. The member API answers this once the
 * portal talks to it; without a member there is no address.
 */
export const getAddressStatusFn = createServerFn({ method: 'GET' }).handler(async () => {
  return { saved: false }
})
