import { StartClient } from '@tanstack/react-start/client'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { installErrorReporting, reportClientError } from './observability/error-reporter'
import { recordStartupError } from './observability/startup'

// Start hooks (spec section 4): errors are reported from the first moment; a failure to mount is
// logged as 'Error while mounting app' and recorded as the start-up error.
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
          console.error('Error while mounting app', error)
          recordStartupError(error)
          reportClientError(error, ['mount'])
        },
        onRecoverableError: (error) => reportClientError(error, ['hydration']),
      },
    )
  } catch (error) {
    console.error('Error while mounting app', error)
    recordStartupError(error)
    reportClientError(error, ['mount'])
  }
})
