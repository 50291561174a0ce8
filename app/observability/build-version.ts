/**
 * The version check: every hour the browser asks which build the server runs;
 * once it differs from the build this page came with, the next navigation loads the new version
 * with a full page load instead of mixing old and new code.
 */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000
export const LATEST_BUILD_PATH = '/build/latest.json'

/** This bundle's build id (set at build time in vite.config.ts). */
export const BUILD_ID: string = import.meta.env.VITE_BUILD_ID ?? 'development'

export type LatestBuild = { id: string }

export function isNewerBuild(latest: unknown, current: string = BUILD_ID): boolean {
  return typeof latest === 'object' && latest !== null && typeof (latest as LatestBuild).id === 'string' && (latest as LatestBuild).id !== current
}
