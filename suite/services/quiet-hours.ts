// No text message at night in the member's time zone: a text that would arrive between 21:00 and
// 08:00 is held until 08:00 (the outbox row's next_attempt_at).
//
// Members have no time zone of their own; it is derived from their shipping address (country, and
// for the countries that span several zones the state or province code). Every member who can
// receive a text about a test has an address (the portal requires one to apply), it is data we keep
// already, and it follows a member who moves; a zone read from the browser would be a new piece of
// personal data and would say where the member last signed in, not where they live. When the zone
// cannot be known (a multi-zone country with an unknown region), a text goes only while it is day in
// every zone of the country; without any address, while it is day from Helsinki to New York (the
// widest span of our countries that always shares some daytime).

/** Texts are sent from this hour (inclusive) to QUIET_FROM (exclusive), local time. */
export const DAY_FROM = 8
export const QUIET_FROM = 21

const SINGLE_ZONE: Record<string, string> = {
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  DE: 'Europe/Berlin',
  AT: 'Europe/Vienna',
  CH: 'Europe/Zurich',
  FR: 'Europe/Paris',
  BE: 'Europe/Brussels',
  NL: 'Europe/Amsterdam',
  LU: 'Europe/Luxembourg',
  IT: 'Europe/Rome',
  ES: 'Europe/Madrid',
  PT: 'Europe/Lisbon',
  DK: 'Europe/Copenhagen',
  SE: 'Europe/Stockholm',
  NO: 'Europe/Oslo',
  FI: 'Europe/Helsinki',
  PL: 'Europe/Warsaw',
}

/** States and provinces by their postal code; a state split between zones takes the zone of most of its people. */
const REGION_ZONES: Record<string, Record<string, string[]>> = {
  US: {
    'America/Chicago': ['AL', 'AR', 'IL', 'IA', 'KS', 'LA', 'MN', 'MS', 'MO', 'NE', 'ND', 'OK', 'SD', 'TN', 'TX', 'WI'],
    'America/Denver': ['CO', 'ID', 'MT', 'NM', 'UT', 'WY'],
    'America/Phoenix': ['AZ'],
    'America/Los_Angeles': ['CA', 'NV', 'OR', 'WA'],
    'America/Anchorage': ['AK'],
    'Pacific/Honolulu': ['HI'],
    'America/New_York': [
      'CT',
      'DE',
      'DC',
      'FL',
      'GA',
      'IN',
      'KY',
      'ME',
      'MD',
      'MA',
      'MI',
      'NH',
      'NJ',
      'NY',
      'NC',
      'OH',
      'PA',
      'RI',
      'SC',
      'VT',
      'VA',
      'WV',
      'PR',
    ],
  },
  CA: {
    'America/St_Johns': ['NL'],
    'America/Halifax': ['NS', 'NB', 'PE'],
    'America/Toronto': ['ON', 'QC', 'NU'],
    'America/Winnipeg': ['MB'],
    'America/Regina': ['SK'],
    'America/Edmonton': ['AB', 'NT'],
    'America/Vancouver': ['BC', 'YT'],
  },
}

/** The zones a member may be in, from their address: one when it is known. */
export function memberTimeZones(address: { country: string; region: string | null } | null): string[] {
  if (!address) return [...Object.values(SINGLE_ZONE), 'America/New_York']
  const single = SINGLE_ZONE[address.country]
  if (single) return [single]
  const regions = REGION_ZONES[address.country]
  if (!regions) return ['UTC']
  const code = address.region?.trim().toUpperCase() ?? ''
  const known = Object.entries(regions).find(([, codes]) => codes.includes(code))
  return known ? [known[0]] : Object.keys(regions)
}

function localHour(at: Date, zone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(at)
  return Number(hour)
}

const isDay = (at: Date, zones: string[]) =>
  zones.every((zone) => {
    const hour = localHour(at, zone)
    return hour >= DAY_FROM && hour < QUIET_FROM
  })

const STEP_MS = 15 * 60_000

/**
 * When a text may leave: `now` when it is day in every zone given, otherwise the first quarter hour
 * after which it is (zones are whole or half hours from UTC, and 15 minutes late is still morning).
 */
export function textMayLeaveAt(now: Date, zones: string[]): Date {
  if (isDay(now, zones)) return now
  const start = Math.ceil(now.getTime() / STEP_MS) * STEP_MS
  for (let at = start; at < now.getTime() + 48 * 3_600_000; at += STEP_MS) {
    if (isDay(new Date(at), zones)) return new Date(at)
  }
  return now
}
