declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

interface ImportMetaEnv {
  /** The build id (vite.config.ts); 'development' when unset. */
  readonly VITE_BUILD_ID?: string
  /** The catalog's content hash (vite.config.ts), part of the messages' address. */
  readonly VITE_I18N_HASH?: string
}
