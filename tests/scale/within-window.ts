/**
 * Asks `probe` again and again until it says the session or account is refused, and fails if a
 * request *sent* more than `windowMs` (plus `slackMs` for the clocks of two processes) after
 * `since` was still accepted. The promise is about when a request is made, not when its answer
 * arrives: on a slow or busy machine an answer may come seconds later, and that is not a breach.
 */
export async function expectRefusedWithin(
  what: string,
  { since, windowMs, slackMs = 1_000 }: { since: number; windowMs: number; slackMs?: number },
  probe: () => Promise<boolean>,
): Promise<void> {
  for (;;) {
    const sentAt = Date.now()
    if (await probe()) return
    const late = sentAt - since - windowMs - slackMs
    if (late > 0) throw new Error(`${what}: a request sent ${sentAt - since} ms after the change was still accepted (the window is ${windowMs} ms)`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
