import { analyticsEnabled, readConsent, storageConsent, type ConsentChoice } from './consent'

// Google Analytics 4 under consent mode. Before anything else the consent defaults go into the data
// layer (analytics storage denied until the visitor allows it). The analytics script is loaded only
// once the stored choice includes analytics, and never without a measurement id; withdrawing the
// choice turns the storage consent back to denied and stops the tag from sending anything more.
// Until the script is loaded nothing leaves the browser: the data layer is a plain array.

type Gtag = (...args: unknown[]) => void
type AnalyticsWindow = Window & { dataLayer?: unknown[]; gtag?: Gtag }

/** The tag's own switch: with `ga-disable-<id>` set on the window it sends nothing. */
function setDisabled(win: AnalyticsWindow, measurementId: string, disabled: boolean): void {
  ;(win as unknown as Record<string, boolean>)[`ga-disable-${measurementId}`] = disabled
}

export const GTAG_SCRIPT = 'https://www.googletagmanager.com/gtag/js'

function gtagOf(win: AnalyticsWindow): Gtag {
  win.dataLayer ??= []
  // gtag.js reads each entry as the `arguments` of one call, so the entries must be arguments objects.
  win.gtag ??= function gtag() {
    // eslint-disable-next-line prefer-rest-params
    win.dataLayer!.push(arguments)
  }
  return win.gtag
}

let defaultsSet = false
let loaded = false

/** The consent-mode defaults, once per page load: before any other call to the tag. */
export function setConsentDefaults(win: AnalyticsWindow = window): void {
  if (defaultsSet) return
  defaultsSet = true
  gtagOf(win)('consent', 'default', storageConsent([]))
}

/** Carries out the visitor's choice: loads and starts analytics when it is allowed, stops it when withdrawn. */
export function applyConsent(choice: ConsentChoice, measurementId: string | null, win: AnalyticsWindow = window): void {
  if (!measurementId) return
  setConsentDefaults(win)
  const gtag = gtagOf(win)
  const allowed = analyticsEnabled(choice)
  if (!allowed) {
    if (!loaded) return
    gtag('consent', 'update', storageConsent(choice))
    setDisabled(win, measurementId, true)
    return
  }
  gtag('consent', 'update', storageConsent(choice))
  setDisabled(win, measurementId, false)
  if (loaded) return
  loaded = true
  gtag('js', new Date())
  gtag('config', measurementId)
  const script = win.document.createElement('script')
  script.async = true
  script.src = `${GTAG_SCRIPT}?id=${encodeURIComponent(measurementId)}`
  win.document.head.append(script)
}

/** At page start: the consent defaults, then analytics if the stored choice allows it. */
export function startAnalytics(measurementId: string): void {
  setConsentDefaults()
  applyConsent(readConsent(), measurementId)
}

/** For tests: forget what this page load did. */
export function resetAnalyticsForTests(): void {
  defaultsSet = false
  loaded = false
}
