import { msg } from '@lingui/core/macro'
import { i18n } from '~/i18n/i18n'

/**
 * The start hooks' failure handling ("a startup error is recorded as the payload
 * error"; a mount failure is logged to the console as 'Error while mounting app').
 *
 * An error that no error boundary caught makes React remove the whole page. The error is recorded
 * (the first one that happened while the app was mounting is the start-up error) and the member
 * gets a plain error page in place of a blank one, with a way to try again.
 */
let startupError: unknown = null

export const FAILURE_PAGE_ID = 'app-failure'

export function handleAppFailure(error: unknown, doc: Document = document): void {
  const mounting = doc.documentElement.dataset.hydrated !== 'true'
  if (mounting) {
    console.error('Error while mounting app', error)
    startupError ??= error
    doc.documentElement.dataset.startupError = error instanceof Error ? error.message : String(error)
  } else {
    console.error('Uncaught error in the app', error)
  }
  showFailurePage(doc)
}

export function getStartupError(): unknown {
  return startupError
}

/** Static markup only: nothing here may depend on the app that just failed. */
function showFailurePage(doc: Document): void {
  if (doc.getElementById(FAILURE_PAGE_ID)) return
  const main = doc.createElement('main')
  main.id = FAILURE_PAGE_ID
  main.setAttribute('role', 'alert')
  main.style.cssText = 'max-width:36rem;margin:15vh auto;padding:0 1.5rem;font-family:system-ui,sans-serif;color:#1f2933;text-align:center'
  const title = doc.createElement('h1')
  title.textContent = i18n._({ id: 'errors.somethingWrongTitle', message: 'Something went wrong' })
  const text = doc.createElement('p')
  text.textContent = i18n._({ id: 'errors.somethingWrong', message: 'Something went wrong please try again later' })
  const retry = doc.createElement('a')
  retry.href = doc.location?.href ?? '/'
  retry.textContent = i18n._(msg`Reload the page`)
  retry.style.cssText = 'display:inline-block;margin-top:1rem;font-weight:600;color:#1d4ed8'
  main.append(title, text, retry)
  doc.body.replaceChildren(main)
}
