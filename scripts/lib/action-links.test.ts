import { describe, expect, it } from 'vitest'
import { emailFromEmulatorLine, portalActionLink } from './action-links.mjs'

const emulatorLink =
  'http://127.0.0.1:9099/emulator/action?mode=verifyEmail&lang=en&oobCode=AbC-123_x&apiKey=fake-api-key&continueUrl=http%3A%2F%2Flocalhost%3A3000%2Fen%2Fuser%2Fverify-email'

describe('account e-mail links in local mode', () => {
  it('open the portal’s action page with every parameter of the emulator’s link', () => {
    const link = new URL(portalActionLink(emulatorLink, 'http://localhost:3000'))
    expect(link.origin + link.pathname).toBe('http://localhost:3000/en/user/verify-email')
    expect(Object.fromEntries(link.searchParams)).toEqual({
      mode: 'verifyEmail',
      lang: 'en',
      oobCode: 'AbC-123_x',
      apiKey: 'fake-api-key',
      continueUrl: 'http://localhost:3000/en/user/verify-email',
    })
  })

  it('leave other links alone', () => {
    expect(portalActionLink('https://example.com/emulator/action', 'http://localhost:3000')).toBe('https://example.com/emulator/action')
    expect(portalActionLink('not a link', 'http://localhost:3000')).toBe('not a link')
  })

  it('rewrite the link inside the line the emulator prints, and skip other lines', () => {
    const line = `  To verify the email address ada@example.com, follow this link: ${emulatorLink}  `
    expect(emailFromEmulatorLine(line, 'http://localhost:3000')).toBe(
      `To verify the email address ada@example.com, follow this link: http://localhost:3000/en/user/verify-email?mode=verifyEmail&lang=en&oobCode=AbC-123_x&apiKey=fake-api-key&continueUrl=http%3A%2F%2Flocalhost%3A3000%2Fen%2Fuser%2Fverify-email`,
    )
    expect(emailFromEmulatorLine('Auth Emulator running on 127.0.0.1:9099', 'http://localhost:3000')).toBeNull()
  })
})
