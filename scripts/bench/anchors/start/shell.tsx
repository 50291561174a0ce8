import { HeadContent, Scripts } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'

/** The document both anchor apps render around their pages. */
export function RootDocument({ children }: { children: ReactNode }) {
  // The same marker as the portal: the page is interactive once React has hydrated it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <html lang="en">
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  )
}

export const HEAD = {
  meta: [{ charSet: 'utf-8' }, { name: 'viewport', content: 'width=device-width, initial-scale=1' }, { title: 'Bench anchor' }],
}
