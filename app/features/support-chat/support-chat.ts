import { QueryObserver, type QueryClient } from '@tanstack/react-query'
import { uidOf, viewerQuery } from '~/auth/viewer'
import { registerChatOpener } from '~/lib/support-chat'
import { memberInfoQuery } from '~/lib/member-data/member-data.queries'
import { unwrap } from '~/upstream/upstream-result'
import { loadMessenger, type ChatIdentity, type Messenger } from './intercom'
import { getChatTokenFn } from './support-chat.functions'

/**
 * Starts the support chat and keeps it on the person signed in: a visitor's chat is anonymous; a
 * member's is identified by the token the member API signs, with their name and when they joined;
 * signing out (or in as someone else) ends the conversation shown and starts the chat afresh.
 */
let messenger: Messenger | undefined

/** Once per page load (a second call, as React's development mode makes, does nothing). */
export function startSupportChat(queryClient: QueryClient, appId: string, options: { aboveBadge: boolean }): void {
  if (messenger) return
  const chat = (messenger = loadMessenger(appId, options))
  registerChatOpener(() => chat.show())
  const viewer = new QueryObserver(queryClient, { ...viewerQuery, enabled: false })
  let current: string | null | undefined
  let run = 0
  const follow = async (uid: string | null) => {
    if (uid === current) return
    current = uid
    const mine = ++run
    let identity: ChatIdentity = { kind: 'visitor' }
    if (uid) {
      try {
        const [token, info] = await Promise.all([getChatTokenFn().then(unwrap), queryClient.fetchQuery(memberInfoQuery)])
        identity = {
          kind: 'member',
          token: token.token,
          name: `${info.member.firstName} ${info.member.lastName}`.trim(),
          createdAt: Math.floor(Date.parse(info.member.createdAt) / 1000),
        }
      } catch {
        // Without the token the member chats as a visitor rather than not at all.
      }
    }
    // A newer change of who is signed in has taken over meanwhile.
    if (mine === run) chat.boot(identity)
  }
  void follow(uidOf(viewer.getCurrentResult().data))
  viewer.subscribe((result) => void follow(uidOf(result.data)))
}
