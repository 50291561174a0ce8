/**
 * When a page's code fails to load (typically: a new version was deployed and the
 * old files are gone), reload the page — at most once per 10 seconds per path, so a file that is
 * really missing cannot make the page reload forever.
 */
export const RELOAD_GUARD_WINDOW_MS = 10_000
const STORAGE_PREFIX = 'chunkReloadAt:'

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk [\w-]+ failed/i

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error)
  return CHUNK_ERROR.test(message)
}

/** Whether to reload `path` now; records the reload when it says yes. */
export function claimReload(path: string, storage: Pick<Storage, 'getItem' | 'setItem'>, now: number = Date.now()): boolean {
  const key = `${STORAGE_PREFIX}${path}`
  const last = storage.getItem(key)
  if (last !== null && now - Number(last) < RELOAD_GUARD_WINDOW_MS) return false
  storage.setItem(key, String(now))
  return true
}

/** Reloads the page for a chunk-load error when the guard allows; true when it reloads. */
export function reloadForChunkError(error: unknown): boolean {
  if (typeof window === 'undefined' || !isChunkLoadError(error)) return false
  try {
    if (!claimReload(window.location.pathname, window.sessionStorage)) return false
  } catch {
    return false
  }
  window.location.reload()
  return true
}
