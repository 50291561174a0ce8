// A second factor for the sign-in: an authenticator app (TOTP, RFC 6238) or a passkey (WebAuthn),
// with single-use recovery codes. Staff and brand calls answer only once the person has passed one
// for the browser session they call from; members may turn the same protection on for themselves.
//
// Passing gives the session a pass: a random token the portal keeps in an HttpOnly cookie and
// forwards to the member API (SECOND_FACTOR_PASS_HEADER). A new sign-in in another browser has no
// pass, so a password alone opens nothing; confirming the password again in the same browser (a
// recent sign-in for a sensitive change) keeps it.
import * as v from 'valibot'
import { Timestamp, text } from './common'

/** The header the portal forwards the session's pass in. */
export const SECOND_FACTOR_PASS_HEADER = 'x-second-factor-pass'

/** An authenticator app's codes: six digits, a new one every 30 seconds. */
export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30
/** Codes one period early or late still count (a phone's clock drifts); each code works once. */
export const TOTP_WINDOW_PERIODS = 1

/** Recovery codes given at once; each works once, and a new set replaces the old. */
export const RECOVERY_CODE_COUNT = 10

/** Wrong codes (authenticator or recovery) allowed in LOCKOUT_MINUTES before further tries wait. */
export const SECOND_FACTOR_MAX_FAILURES = 5
export const SECOND_FACTOR_LOCKOUT_MINUTES = 15

/** Factors one account may hold (several phones, several passkeys). */
export const MAX_SECOND_FACTORS = 10

export const SecondFactorKindSchema = v.picklist(['totp', 'passkey'])
export type SecondFactorKind = v.InferOutput<typeof SecondFactorKindSchema>

export const SecondFactorSchema = v.strictObject({
  id: v.string(),
  kind: SecondFactorKindSchema,
  /** The person's own name for it ("Work phone"). */
  label: v.string(),
  createdAt: Timestamp,
  lastUsedAt: v.nullable(Timestamp),
})
export type SecondFactor = v.InferOutput<typeof SecondFactorSchema>

export const SecondFactorStatusSchema = v.strictObject({
  factors: v.array(SecondFactorSchema),
  recoveryCodesLeft: v.number(),
  /** Staff and brand accounts must hold one; members may. */
  required: v.boolean(),
  /** This browser session has passed one. */
  passed: v.boolean(),
})
export type SecondFactorStatus = v.InferOutput<typeof SecondFactorStatusSchema>

const label = text(60)
/** Six digits as typed: spaces dropped. */
const totpCode = v.pipe(
  v.string(),
  v.transform((typed) => typed.replace(/\s/g, '')),
  v.regex(/^\d{6}$/, 'must be the 6 digits the app shows'),
)
/** A recovery code as typed: case, spaces and dashes do not matter. */
export const RecoveryCodeSchema = v.pipe(
  v.string(),
  v.transform((typed) => typed.replace(/[\s-]/g, '').toLowerCase()),
  v.regex(/^[a-z2-7]{10}$/, 'must be one of your 10-character recovery codes'),
)

/** A new authenticator: the secret to add to the app, as text and as an otpauth:// address (its QR code). */
export const TotpEnrolmentSchema = v.strictObject({ factorId: v.string(), secret: v.string(), otpauthUri: v.string() })
export type TotpEnrolment = v.InferOutput<typeof TotpEnrolmentSchema>

export const TotpConfirmBodySchema = v.strictObject({ factorId: v.pipe(v.string(), v.uuid()), code: totpCode, label })
export type TotpConfirmBody = v.InferOutput<typeof TotpConfirmBodySchema>

/**
 * WebAuthn's options and responses, as the JSON text the browser API's JSON forms serialise to; the
 * member API parses them and the WebAuthn library checks them in depth.
 */
const webAuthnJson = v.pipe(v.string(), v.maxLength(16_384, 'too large'))
export const PasskeyOptionsSchema = v.strictObject({ options: webAuthnJson })
export const PasskeyRegisterBodySchema = v.strictObject({ response: webAuthnJson, label })

/**
 * A factor enrolled: the session has passed it. The first factor of an account comes with its
 * recovery codes, shown once; later ones with none.
 */
export const SecondFactorEnrolledSchema = v.strictObject({ pass: v.string(), recoveryCodes: v.nullable(v.array(v.string())) })
export type SecondFactorEnrolled = v.InferOutput<typeof SecondFactorEnrolledSchema>

export const SecondFactorVerifyBodySchema = v.variant('method', [
  v.strictObject({ method: v.literal('totp'), code: totpCode }),
  v.strictObject({ method: v.literal('recovery'), code: RecoveryCodeSchema }),
  v.strictObject({ method: v.literal('passkey'), response: webAuthnJson }),
])
export type SecondFactorVerifyBody = v.InferOutput<typeof SecondFactorVerifyBodySchema>

/** Passed: the pass the portal keeps for this session. */
export const SecondFactorPassSchema = v.strictObject({ pass: v.string(), recoveryCodesLeft: v.number() })
export type SecondFactorPass = v.InferOutput<typeof SecondFactorPassSchema>

export const RecoveryCodesSchema = v.strictObject({ recoveryCodes: v.array(v.string()) })

export const SecondFactorResetBodySchema = v.strictObject({
  email: v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email('must be an e-mail address'), v.maxLength(254)),
})
export const SecondFactorResetResultSchema = v.strictObject({ uid: v.string(), email: v.string(), removed: v.number() })
