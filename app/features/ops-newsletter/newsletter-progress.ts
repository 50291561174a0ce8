import type { OpsNewsletter } from '#contract/messages'

/** Where an issue stands: still going out in batches, or sent to every member who opted in. */
export type NewsletterProgress = { state: 'sending' | 'finished'; sent: number; finishedAt: string | null }

export function newsletterProgress(issue: Pick<OpsNewsletter, 'sent' | 'finishedAt'>): NewsletterProgress {
  return issue.finishedAt === null
    ? { state: 'sending', sent: issue.sent, finishedAt: null }
    : { state: 'finished', sent: issue.sent, finishedAt: issue.finishedAt }
}

/** Whether any issue is still going out (the list then looks again now and then). */
export function anySending(issues: readonly Pick<OpsNewsletter, 'finishedAt'>[]): boolean {
  return issues.some((issue) => issue.finishedAt === null)
}
