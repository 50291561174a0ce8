declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

interface ImportMetaEnv {
  /** The build id (vite.config.ts); 'development' when unset. */
  readonly VITE_BUILD_ID?: string
}
