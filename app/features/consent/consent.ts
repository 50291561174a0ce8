import * as v from 'valibot'
import { CONSENT_STORAGE_KEY } from './consent-choice'

export { CONSENT_STORAGE_KEY, writeConsent } from './consent-choice'

const ConsentChoice = v.array(v.picklist(['analytics']))
export type ConsentChoice = v.InferOutput<typeof ConsentChoice>

export function readConsent(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ConsentChoice {
  try {
    const raw = storage?.getItem(CONSENT_STORAGE_KEY)
    if (!raw) return []
    const parsed = v.safeParse(ConsentChoice, JSON.parse(raw))
    return parsed.success ? parsed.output : []
  } catch {
    return []
  }
}

type Grant = 'granted' | 'denied'

/**
 * Storage consent: analytics follows the choice; functionality and
 * security are always granted; personalization and advertising always denied.
 */
export function storageConsent(
  choice: ConsentChoice,
): Record<'analytics_storage' | 'functionality_storage' | 'security_storage' | 'personalization_storage' | 'ad_storage', Grant> {
  return {
    analytics_storage: choice.includes('analytics') ? 'granted' : 'denied',
    functionality_storage: 'granted',
    security_storage: 'granted',
    personalization_storage: 'denied',
    ad_storage: 'denied',
  }
}

export function analyticsEnabled(choice: ConsentChoice): boolean {
  return choice.includes('analytics')
}
