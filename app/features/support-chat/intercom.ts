// The Intercom Messenger (EU region), loaded by our own small loader: a queue that takes calls at once,
// and the widget's script, added once per page load, which works through the queue when it arrives.

/** The EU region's API: conversations stay in Intercom's EU data centre. */
export const INTERCOM_API_BASE = 'https://api-iam.eu.intercom.io'
export const INTERCOM_WIDGET = 'https://widget.intercom.io/widget/'

type IntercomFn = ((command: string, settings?: Record<string, unknown>) => void) & { q?: unknown[][]; c?: (args: IArguments) => void }
type ChatWindow = Window & { Intercom?: IntercomFn }

/** Who the chat is for: a visitor (anonymous), or a member identified by the signed token. */
export type ChatIdentity = { kind: 'visitor' } | { kind: 'member'; token: string; name: string; createdAt: number }

export type Messenger = {
  /** Ends the conversation shown (if any) and starts the chat for `identity`. */
  boot(identity: ChatIdentity): void
  show(): void
}

/** Where the launcher sits: above reCAPTCHA's badge (bottom right) when bot protection is on. */
const ABOVE_BADGE = { vertical_padding: 90 }

export function loadMessenger(appId: string, options: { aboveBadge: boolean }, win: ChatWindow = window): Messenger {
  if (!win.Intercom) {
    const queue: IntercomFn = function () {
      // eslint-disable-next-line prefer-rest-params
      queue.c!(arguments)
    }
    queue.q = []
    queue.c = (args) => queue.q!.push(Array.from(args))
    win.Intercom = queue
    const script = win.document.createElement('script')
    script.async = true
    script.src = INTERCOM_WIDGET + encodeURIComponent(appId)
    win.document.head.append(script)
  }
  // The widget replaces window.Intercom when it arrives: always call the current one.
  const intercom: IntercomFn = (command, settings) => (settings === undefined ? win.Intercom!(command) : win.Intercom!(command, settings))
  let booted = false
  return {
    boot(identity) {
      // The next person on this browser never sees the previous one's conversation.
      if (booted) intercom('shutdown')
      booted = true
      const base = { app_id: appId, api_base: INTERCOM_API_BASE, ...(options.aboveBadge ? ABOVE_BADGE : {}) }
      intercom('boot', identity.kind === 'visitor' ? base : { ...base, intercom_user_jwt: identity.token, name: identity.name, created_at: identity.createdAt })
    },
    show: () => intercom('show'),
  }
}
