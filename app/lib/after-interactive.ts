// Third parties (the support chat, analytics) load after the page: they never hold up what the member came for.

/** Runs `task` once the page is interactive and the browser is idle: third parties never hold up a page. */
export function afterInteractive(task: () => void): () => void {
  let cancelled = false
  const idle = () => {
    const run = () => !cancelled && task()
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 })
    else setTimeout(run, 200)
  }
  if (document.readyState === 'complete') idle()
  else window.addEventListener('load', idle, { once: true })
  return () => {
    cancelled = true
    window.removeEventListener('load', idle)
  }
}
