import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { BUILD_CHECK_INTERVAL_MS, isNewerBuild, LATEST_BUILD_PATH } from './build-version'

/** Checks for a new build every hour; after one, the next navigation is a full page load. */
export function useBuildVersionCheck() {
  const router = useRouter()
  useEffect(() => {
    let newer = false
    const check = async () => {
      try {
        const response = await fetch(LATEST_BUILD_PATH, { cache: 'no-store' })
        if (response.ok && isNewerBuild(await response.json())) newer = true
      } catch {
        // Offline or the server restarting: ask again next hour.
      }
    }
    const timer = setInterval(() => void check(), BUILD_CHECK_INTERVAL_MS)
    const unsubscribe = router.subscribe('onBeforeNavigate', ({ toLocation }) => {
      if (newer) window.location.assign(toLocation.href)
    })
    return () => {
      clearInterval(timer)
      unsubscribe()
    }
  }, [router])
}
