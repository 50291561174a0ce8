import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { ensureMessages } from './i18n/browser-messages'
import { DEFAULT_LOCALE } from './i18n/i18n'
import { installErrorReporting, reportClientError } from './observability/error-reporter'
import { handleAppFailure } from './observability/startup'

// Start hooks: errors are reported from the first moment; a failure to mount is
// logged as 'Error while mounting app' and recorded as the start-up error, and an error no boundary
// caught leaves an error page, never a blank one.
installErrorReporting()

// Every word on the page comes from the catalog: it is in memory before React takes over.
try {
  await ensureMessages(DEFAULT_LOCALE)
} catch (error) {
  reportClientError(error, ['mount'])
}

startTransition(() => {
  try {
    hydrateRoot(
      document,
      <StrictMode>
        <StartClient />
      </StrictMode>,
      {
        onUncaughtError: (error) => {
          reportClientError(error, [document.documentElement.dataset.hydrated === 'true' ? 'uncaught' : 'mount'])
          handleAppFailure(error)
        },
        onRecoverableError: (error) => reportClientError(error, ['hydration']),
      },
    )
  } catch (error) {
    reportClientError(error, ['mount'])
    handleAppFailure(error)
  }
})
