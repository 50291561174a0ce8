import { inject } from 'vitest'

type OobCode = { email: string; requestType: string; oobCode: string; oobLink: string }

/** The newest out-of-band code (e-mail link) the Auth emulator issued for an address, as the e-mail would carry it. */
export async function latestOobCode(email: string, requestType: 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'EMAIL_SIGNIN'): Promise<OobCode> {
  const response = await fetch(`http://${inject('authEmulatorHost')}/emulator/v1/projects/demo-portal/oobCodes`)
  const { oobCodes } = (await response.json()) as { oobCodes: OobCode[] }
  const code = oobCodes.filter((c) => c.email === email && c.requestType === requestType).at(-1)
  if (!code) throw new Error(`The emulator issued no ${requestType} code for ${email}`)
  return code
}
