// "Start a chat" buttons open the support chat; the chat itself loads after the page is interactive
// (features/support-chat). A press before it has loaded opens it as soon as it is there.

let opener: (() => void) | null = null
let wanted = false

export function openSupportChat(): void {
  if (opener) opener()
  else wanted = true
}

export function registerChatOpener(open: () => void): void {
  opener = open
  if (wanted) {
    wanted = false
    open()
  }
}
