import { definePlugin } from 'nitro'
import { portalConfig, startupWarnings, type PortalConfig } from '../config/config.server'

/**
 * Runs when the server process starts, before it accepts a request: a production server with a
 * missing setting, or with the Auth emulator variable, must not start at all; one started with a
 * protection switched off by name says so in its log.
 */
export default definePlugin(() => {
  let config: PortalConfig
  try {
    config = portalConfig()
  } catch (error) {
    console.error(`The portal cannot start: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
  for (const warning of startupWarnings(config)) console.warn(`Warning: ${warning}`)
})
