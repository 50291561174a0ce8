// Devices and network addresses seen when a member signs up or applies, for the links between
// accounts that staff see (one person with several accounts, one household). The portal keeps a
// device id in a first-party HttpOnly cookie and forwards it, and the browser's address, with the
// sign-up and the application; the member API keeps only a keyed hash of each, for
// SIGHTING_RETENTION_DAYS, and deletes them with the account. Members are never shown the links.
import * as v from 'valibot'
import { Timestamp } from './common'

/** The header the portal forwards the browser's device id in (sign-up and application only). */
export const DEVICE_HEADER = 'x-device-id'

/** A device id: 128 random bits, as 32 lower-case hexadecimal digits. */
export const DEVICE_ID_PATTERN = /^[0-9a-f]{32}$/

export function isDeviceId(value: string | null | undefined): value is string {
  return typeof value === 'string' && DEVICE_ID_PATTERN.test(value)
}

/**
 * Sightings are kept this long (and purged hourly after): a device or network address seen more
 * than half a year apart says little about two accounts, and the privacy notice promises no longer.
 */
export const SIGHTING_RETENTION_DAYS = 180

/**
 * Two accounts seen at one network address are linked only when seen within this many minutes of
 * each other: addresses are shared (carrier NAT gives one address to thousands of phones, an
 * office or a café to everyone in it) and change hands, so only closeness in time says anything.
 */
export const NETWORK_LINK_WINDOW_MINUTES = 60

export const SIGHTING_KINDS = ['device', 'network'] as const
export const SIGHTING_EVENTS = ['sign-up', 'application'] as const

/** In the member's data export: what was seen when (the value itself is not kept, only its hash). */
export const SightingExportSchema = v.strictObject({
  kind: v.picklist(SIGHTING_KINDS),
  event: v.picklist(SIGHTING_EVENTS),
  seenAt: Timestamp,
})
export type SightingExport = v.InferOutput<typeof SightingExportSchema>
