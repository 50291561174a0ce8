import { queryOptions } from '@tanstack/react-query'
import { unwrap } from '~/upstream/upstream-result'
import { getModerationQueueFn, type ModerationInput } from './moderation.functions'

/** A page of the moderation queue: under ['member'], so sign-out forgets it; always asked again after a decision. */
export const moderationQueueQuery = (input: ModerationInput) =>
  queryOptions({
    queryKey: ['member', 'ops', 'moderation', input],
    queryFn: async () => unwrap(await getModerationQueueFn({ data: input })),
  })
