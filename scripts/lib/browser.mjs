// Finds the Chromium the browser tests drive, installing Debian's package when the machine allows it.
import { existsSync } from 'node:fs'
import { canInstallWithApt, installDebianPackage } from './debian.mjs'

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined
  return CANDIDATES.find((path) => existsSync(path))
}

/** The path of a Chromium to drive; installs Debian's `chromium` as root with apt when none is found. */
export function ensureChromium(log = console.log) {
  const found = findChromium()
  if (found) return found
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but there is no file there.`)
  }
  if (!canInstallWithApt()) {
    throw new Error(
      'The browser tests need Chromium, and none was found.\n' +
        "Install Debian's package (as root: apt-get install chromium), or point the tests at a Chromium or Chrome binary:\n" +
        '  CHROMIUM_PATH=/path/to/chromium npm test',
    )
  }
  log("Chromium is missing: installing Debian's chromium package (apt-get)…")
  installDebianPackage('chromium')
  const installed = findChromium()
  if (!installed) throw new Error('apt-get installed chromium, but no chromium binary was found afterwards.')
  return installed
}

/** Flags for headless Chromium on a machine with no outside network (see TOOLCHAIN.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]
