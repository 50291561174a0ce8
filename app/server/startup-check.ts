import { definePlugin } from 'nitro'
import { portalConfig } from '../config/config.server'

/**
 * Runs when the server process starts, before it accepts a request: a production server with a
 * missing setting, or with the Auth emulator variable, must not start at all.
 */
export default definePlugin(() => {
  try {
    portalConfig()
  } catch (error) {
    console.error(`The portal cannot start: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
})
