import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { installErrorReporting, reportClientError } from './observability/error-reporter'
import { handleAppFailure } from './observability/startup'

// Start hooks (spec section 4): errors are reported from the first moment; a failure to mount is
// logged as 'Error while mounting app' and recorded as the start-up error, and an error no boundary
// caught leaves an error page, never a blank one.
installErrorReporting()

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
