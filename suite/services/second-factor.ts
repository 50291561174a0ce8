// Second factors: authenticator apps (TOTP), passkeys (WebAuthn) and recovery codes, by Firebase
// uid; and the passes that say a browser session has passed one (contract/second-factor.ts).
//
// Rules enforced here:
// - enrolling needs a recent sign-in (the endpoint's), and an account that holds a factor adds or
//   removes one only from a session that has passed one, so a stolen password cannot swap them;
// - an authenticator counts once its first code is confirmed; each code works once (the period of
//   the last accepted code is kept); codes one period early or late are taken;
// - wrong codes count towards a lockout per person, as one-time codes do;
// - an account that must hold a factor (staff, brand users) cannot remove its last one;
// - removing a factor or resetting them ends every pass of the person.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server'
import type { AuthenticationResponseJSON, AuthenticatorTransport, RegistrationResponseJSON } from '@simplewebauthn/server'
import { and, asc, count, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm'
import { generate, generateSecret, generateURI, verify as verifyTotp } from 'otplib'
import {
  MAX_SECOND_FACTORS,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_LOCKOUT_MINUTES,
  SECOND_FACTOR_MAX_FAILURES,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_PERIODS,
  type SecondFactorEnrolled,
  type SecondFactorPass,
  type SecondFactorStatus,
  type SecondFactorVerifyBody,
  type TotpConfirmBody,
  type TotpEnrolment,
} from '../../contract/second-factor'
import { STAFF_SESSION_SECONDS, type Role } from '../../contract/staff'
import { rolesIn } from '../actors/actor'
import { preparedQuery, type Executor } from '../db/client'
import { brandUsers, members, rateLimits, recoveryCodes, secondFactorPasses, secondFactors, staffRoles, webauthnChallenges } from '../db/schema'
import type { SuiteDeps } from '../deps'
import type { VerifiedIdentity } from '../identity/identity'
import { badRequest, conflict, notFound, rateLimited, secondFactorRequired } from '../http/errors'
import { hit } from './rate-limit'

const ISSUER = 'Testers Circle'
const CHALLENGE_TTL_MS = 5 * 60_000
const LOCKOUT_WINDOW_MS = SECOND_FACTOR_LOCKOUT_MINUTES * 60_000

type Deps = Pick<SuiteDeps, 'db' | 'clock' | 'settings'>
type FactorRow = typeof secondFactors.$inferSelect

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

// --- Sealing authenticator secrets: AES-256-GCM under a key derived from the setting. ---

function sealingKey(secret: string): Buffer {
  return createHash('sha256').update(`second-factor:${secret}`).digest()
}

export function seal(secret: string, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
}

export function unseal(secret: string, sealed: string): string | null {
  if (!sealed.startsWith('v1.')) return null
  const bytes = Buffer.from(sealed.slice(3), 'base64url')
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), bytes.subarray(0, 12))
    decipher.setAuthTag(bytes.subarray(12, 28))
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    // Sealed under another key (the setting changed): this authenticator no longer works.
    return null
  }
}

// --- Who must hold a factor, and whether this session passed one. ---

/** Staff and brand users must hold a second factor before their calls answer. */
export async function mustHoldSecondFactor(ex: Executor, uid: string): Promise<boolean> {
  const [staff] = await ex.select({ uid: staffRoles.uid }).from(staffRoles).where(eq(staffRoles.uid, uid)).limit(1)
  if (staff) return true
  const [brand] = await ex.select({ uid: brandUsers.uid }).from(brandUsers).where(eq(brandUsers.uid, uid)).limit(1)
  return Boolean(brand)
}

/** Read on every staff and brand call: built once. */
const openPassOf = preparedQuery((ex) =>
  ex
    .select({ uid: secondFactorPasses.uid })
    .from(secondFactorPasses)
    .where(
      and(
        eq(secondFactorPasses.passHash, sql.placeholder('passHash')),
        eq(secondFactorPasses.uid, sql.placeholder('uid')),
        gt(secondFactorPasses.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1),
)

/** The hash a pass is kept under; none for what cannot be a pass (no header, or far too long). */
const passHashOf = (pass: string | null | undefined): string | null => (!pass || pass.length > 100 ? null : sha256(pass))

/** The session's pass (the header's token) is this person's and still open. */
export async function hasPassed(ex: Executor, uid: string, pass: string | null | undefined, now: Date): Promise<boolean> {
  const passHash = passHashOf(pass)
  if (!passHash) return false
  const [row] = await openPassOf(ex, { passHash, uid, now: now.toISOString() })
  return Boolean(row)
}

/**
 * Read on every staff call, as one statement: the person's roles, each row saying whether the
 * session's pass is this person's and still open (as `hasPassed`). Built once.
 */
const rolesWithPass = preparedQuery((ex) =>
  ex
    .select({
      role: staffRoles.role,
      passed: sql<boolean>`exists (select 1 from ${secondFactorPasses} where ${secondFactorPasses.passHash} = ${sql.placeholder('passHash')} and ${secondFactorPasses.uid} = ${sql.placeholder('uid')} and ${secondFactorPasses.expiresAt} > ${sql.placeholder('now')})`,
    })
    .from(staffRoles)
    .where(eq(staffRoles.uid, sql.placeholder('uid'))),
)

/**
 * A staff call's access in one look: the roles the person holds now, and whether the session's pass
 * is open. Without a role, `passed` is false: the call is refused for the missing role first.
 */
export async function staffAccess(ex: Executor, uid: string, pass: string | null | undefined, now: Date): Promise<{ roles: Role[]; passed: boolean }> {
  const rows = await rolesWithPass(ex, { uid, passHash: passHashOf(pass), now: now.toISOString() })
  return { roles: rolesIn(rows), passed: rows.some((row) => row.passed) }
}

export async function openPass(ex: Executor, uid: string, method: (typeof secondFactorPasses.$inferInsert)['method'], now: Date): Promise<string> {
  const pass = randomBytes(32).toString('base64url')
  await ex
    .insert(secondFactorPasses)
    .values({ passHash: sha256(pass), uid, method, createdAt: now, expiresAt: new Date(now.getTime() + STAFF_SESSION_SECONDS * 1000) })
  // Passes past their end are of no use; sweeping now and then keeps the table small.
  if (Math.random() < 0.05) await ex.delete(secondFactorPasses).where(lt(secondFactorPasses.expiresAt, now))
  return pass
}

/** A member's calls need a pass once they hold a factor (the flag memberAuth reads with the member's record). */
async function markMemberProtected(ex: Executor, uid: string, on: boolean): Promise<void> {
  await ex.update(members).set({ secondFactorOn: on }).where(eq(members.uid, uid))
}

/** Ends every pass of the person: each of their sessions asks for a factor again. */
export async function endPasses(ex: Executor, uid: string): Promise<void> {
  await ex.delete(secondFactorPasses).where(eq(secondFactorPasses.uid, uid))
}

async function confirmedFactors(ex: Executor, uid: string): Promise<FactorRow[]> {
  return ex
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.uid, uid), isNotNull(secondFactors.confirmedAt)))
    .orderBy(asc(secondFactors.createdAt))
}

async function recoveryCodesLeft(ex: Executor, uid: string): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.uid, uid), isNull(recoveryCodes.usedAt)))
  return Number(row?.n ?? 0)
}

export async function secondFactorStatus(deps: Deps, identity: VerifiedIdentity, pass: string | null): Promise<SecondFactorStatus> {
  const factors = await confirmedFactors(deps.db, identity.uid)
  return {
    factors: factors.map((f) => ({
      id: f.id,
      kind: f.kind,
      label: f.label,
      createdAt: f.createdAt.toISOString(),
      lastUsedAt: f.lastUsedAt?.toISOString() ?? null,
    })),
    recoveryCodesLeft: await recoveryCodesLeft(deps.db, identity.uid),
    required: await mustHoldSecondFactor(deps.db, identity.uid),
    passed: await hasPassed(deps.db, identity.uid, pass, deps.clock.now()),
  }
}

/** Someone who holds a factor changes their factors only from a session that passed one. */
async function requirePassIfEnrolled(deps: Deps, uid: string, pass: string | null): Promise<FactorRow[]> {
  const factors = await confirmedFactors(deps.db, uid)
  if (factors.length > 0 && !(await hasPassed(deps.db, uid, pass, deps.clock.now()))) throw secondFactorRequired()
  if (factors.length >= MAX_SECOND_FACTORS) throw conflict(`At most ${MAX_SECOND_FACTORS} second factors`, { code: 'too-many-factors' })
  return factors
}

/** Replaces the person's recovery codes with a new set, returned once as they are to be written down. */
async function issueRecoveryCodes(ex: Executor, uid: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = randomBase32(10)
    return `${raw.slice(0, 5)}-${raw.slice(5)}`
  })
  await ex.delete(recoveryCodes).where(eq(recoveryCodes.uid, uid))
  await ex.insert(recoveryCodes).values(codes.map((code) => ({ uid, codeHash: sha256(code.replace('-', '')), createdAt: now })))
  return codes
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'
function randomBase32(length: number): string {
  return Array.from(randomBytes(length), (byte) => BASE32[byte % 32]).join('')
}

/** The first factor of an account comes with recovery codes; the session has passed (it just proved the factor). */
async function enrolled(ex: Executor, uid: string, hadFactors: boolean, now: Date): Promise<SecondFactorEnrolled> {
  await markMemberProtected(ex, uid, true)
  const recovery = hadFactors ? null : await issueRecoveryCodes(ex, uid, now)
  return { pass: await openPass(ex, uid, 'enrolment', now), recoveryCodes: recovery }
}

// --- Authenticator apps ---

export async function startTotpEnrolment(deps: Deps, identity: VerifiedIdentity, pass: string | null): Promise<TotpEnrolment> {
  await requirePassIfEnrolled(deps, identity.uid, pass)
  const now = deps.clock.now()
  const secret = generateSecret()
  // An enrolment not confirmed is replaced by the next one.
  await deps.db.delete(secondFactors).where(and(eq(secondFactors.uid, identity.uid), isNull(secondFactors.confirmedAt)))
  const [row] = await deps.db
    .insert(secondFactors)
    .values({ uid: identity.uid, kind: 'totp', label: '', createdAt: now, totpSecretSealed: seal(deps.settings.secondFactorKey, secret) })
    .returning({ id: secondFactors.id })
  const account = identity.email ?? identity.uid
  return {
    factorId: row!.id,
    secret,
    otpauthUri: generateURI({ issuer: ISSUER, label: account, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS }),
  }
}

type TotpCheck = { ok: true; step: number } | { ok: false; used: boolean }

async function checkTotp(secret: string, code: string, lastStep: number | null, now: Date): Promise<TotpCheck> {
  const result = await verifyTotp({
    secret,
    token: code,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOTP_WINDOW_PERIODS * TOTP_PERIOD_SECONDS,
  })
  if (!result.valid) return { ok: false, used: false }
  const step = 'timeStep' in result ? (result.timeStep as number) : Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + result.delta
  if (lastStep !== null && step <= lastStep) return { ok: false, used: true }
  return { ok: true, step }
}

/** Wrong codes in the lockout window so far; beyond the limit, tries wait for the window to end. */
async function requireNotLockedOut(ex: Executor, uid: string, now: Date): Promise<void> {
  const start = new Date(Math.floor(now.getTime() / LOCKOUT_WINDOW_MS) * LOCKOUT_WINDOW_MS)
  const [row] = await ex
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, failureKey(uid)), eq(rateLimits.windowStart, start)))
  if ((row?.count ?? 0) >= SECOND_FACTOR_MAX_FAILURES) {
    throw rateLimited('Too many wrong codes: wait before trying again', Math.ceil((start.getTime() + LOCKOUT_WINDOW_MS - now.getTime()) / 1000))
  }
}

const failureKey = (uid: string) => `second-factor-failure:${uid}`

/** Counts a wrong code; the refusal says how many tries are left, or that tries now wait. */
async function wrongCode(ex: Executor, uid: string, now: Date, field: string) {
  const { count: failures, retryAfter } = await hit(ex, failureKey(uid), LOCKOUT_WINDOW_MS, now)
  const left = SECOND_FACTOR_MAX_FAILURES - failures
  if (left <= 0) return rateLimited('Too many wrong codes: wait before trying again', retryAfter)
  return badRequest('The code is not right', { [field]: [`wrong code, ${left} ${left === 1 ? 'try' : 'tries'} left`] }, { code: 'wrong-code', triesLeft: left })
}

const codeUsed = (field: string) =>
  badRequest('This code was used already: wait for the next one', { [field]: ['used already: wait for the next code'] }, { code: 'code-used' })

export async function confirmTotp(deps: Deps, identity: VerifiedIdentity, body: TotpConfirmBody, pass: string | null): Promise<SecondFactorEnrolled> {
  const uid = identity.uid
  const hadFactors = (await requirePassIfEnrolled(deps, uid, pass)).length > 0
  const now = deps.clock.now()
  await requireNotLockedOut(deps.db, uid, now)
  const [pending] = await deps.db
    .select()
    .from(secondFactors)
    .where(and(eq(secondFactors.id, body.factorId), eq(secondFactors.uid, uid), isNull(secondFactors.confirmedAt)))
  if (!pending?.totpSecretSealed) throw notFound('Authenticator enrolment')
  const secret = unseal(deps.settings.secondFactorKey, pending.totpSecretSealed)
  if (!secret) throw notFound('Authenticator enrolment')
  const check = await checkTotp(secret, body.code, null, now)
  if (!check.ok) throw await wrongCode(deps.db, uid, now, 'code')
  return deps.db.transaction(async (tx) => {
    const confirmed = await tx
      .update(secondFactors)
      .set({ confirmedAt: now, lastUsedAt: now, label: body.label, totpLastStep: check.step })
      .where(and(eq(secondFactors.id, pending.id), isNull(secondFactors.confirmedAt)))
      .returning({ id: secondFactors.id })
    if (confirmed.length === 0) throw notFound('Authenticator enrolment')
    return enrolled(tx, uid, hadFactors, now)
  })
}

// --- Passkeys ---

/**
 * Passkeys belong to the portal's host name (PORTAL_URL). An IP address cannot name a relying party,
 * so local mode served on a loopback address names it `localhost`, where its browser then opens it.
 */
export function relyingParty(deps: Pick<Deps, 'settings'>): { rpID: string; origin: string } {
  const portal = new URL(deps.settings.messages.portalUrl)
  if (deps.settings.mode === 'local' && /^(127\.\d+\.\d+\.\d+|\[::1\])$/.test(portal.hostname)) {
    return { rpID: 'localhost', origin: `${portal.protocol}//localhost${portal.port ? `:${portal.port}` : ''}` }
  }
  return { rpID: portal.hostname, origin: portal.origin }
}

async function rememberChallenge(ex: Executor, uid: string, purpose: 'register' | 'authenticate', challenge: string, now: Date) {
  const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS)
  await ex
    .insert(webauthnChallenges)
    .values({ uid, purpose, challenge, expiresAt })
    .onConflictDoUpdate({ target: [webauthnChallenges.uid, webauthnChallenges.purpose], set: { challenge, expiresAt } })
}

/** The challenge given for this ceremony, used up here: a response is checked against it once. */
async function takeChallenge(ex: Executor, uid: string, purpose: 'register' | 'authenticate', now: Date): Promise<string | null> {
  const [row] = await ex
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.uid, uid), eq(webauthnChallenges.purpose, purpose)))
    .returning()
  return row && row.expiresAt > now ? row.challenge : null
}

/** A browser's WebAuthn answer, as JSON text; null when it is not JSON (the library checks the rest). */
function parseJson<T>(text: string): T | null {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null ? (value as T) : null
  } catch {
    return null
  }
}

const passkeyRefused = () => badRequest('The passkey was not accepted', { response: ['not accepted'] }, { code: 'passkey-refused' })

export async function passkeyRegistrationOptions(deps: Deps, identity: VerifiedIdentity, pass: string | null): Promise<{ options: string }> {
  const factors = await requirePassIfEnrolled(deps, identity.uid, pass)
  const { rpID } = relyingParty(deps)
  const options = await generateRegistrationOptions({
    rpName: ISSUER,
    rpID,
    userName: identity.email ?? identity.uid,
    userDisplayName: identity.name ?? identity.email ?? '',
    userID: new TextEncoder().encode(identity.uid),
    attestationType: 'none',
    excludeCredentials: factors.flatMap((f) => (f.passkeyCredentialId ? [{ id: f.passkeyCredentialId }] : [])),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  })
  await rememberChallenge(deps.db, identity.uid, 'register', options.challenge, deps.clock.now())
  return { options: JSON.stringify(options) }
}

export async function registerPasskey(
  deps: Deps,
  identity: VerifiedIdentity,
  body: { response: string; label: string },
  pass: string | null,
): Promise<SecondFactorEnrolled> {
  const uid = identity.uid
  const hadFactors = (await requirePassIfEnrolled(deps, uid, pass)).length > 0
  const now = deps.clock.now()
  const challenge = await takeChallenge(deps.db, uid, 'register', now)
  if (!challenge) throw passkeyRefused()
  const { rpID, origin } = relyingParty(deps)
  const response = parseJson<RegistrationResponseJSON>(body.response)
  if (!response) throw passkeyRefused()
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null)
  if (!verification?.verified || !verification.registrationInfo) throw passkeyRefused()
  const { credential } = verification.registrationInfo
  return deps.db.transaction(async (tx) => {
    await tx.insert(secondFactors).values({
      uid,
      kind: 'passkey',
      label: body.label,
      createdAt: now,
      confirmedAt: now,
      lastUsedAt: now,
      passkeyCredentialId: credential.id,
      passkeyPublicKey: Buffer.from(credential.publicKey).toString('base64url'),
      passkeyCounter: credential.counter,
      passkeyTransports: credential.transports ?? [],
    })
    return enrolled(tx, uid, hadFactors, now)
  })
}

export async function passkeyAuthenticationOptions(deps: Deps, identity: VerifiedIdentity): Promise<{ options: string }> {
  const factors = (await confirmedFactors(deps.db, identity.uid)).filter((f) => f.kind === 'passkey' && f.passkeyCredentialId)
  if (factors.length === 0) throw notFound('Passkey')
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps).rpID,
    userVerification: 'preferred',
    allowCredentials: factors.map((f) => ({ id: f.passkeyCredentialId!, transports: (f.passkeyTransports ?? []) as AuthenticatorTransport[] })),
  })
  await rememberChallenge(deps.db, identity.uid, 'authenticate', options.challenge, deps.clock.now())
  return { options: JSON.stringify(options) }
}

// --- Passing a factor ---

export async function verifySecondFactor(deps: Deps, identity: VerifiedIdentity, body: SecondFactorVerifyBody): Promise<SecondFactorPass> {
  const uid = identity.uid
  const now = deps.clock.now()
  if (body.method !== 'passkey') await requireNotLockedOut(deps.db, uid, now)
  const method = await deps.db.transaction(async (tx): Promise<SecondFactorPass | { error: Error }> => {
    if (body.method === 'recovery') {
      const used = await tx
        .update(recoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(recoveryCodes.uid, uid), eq(recoveryCodes.codeHash, sha256(body.code)), isNull(recoveryCodes.usedAt)))
        .returning({ uid: recoveryCodes.uid })
      if (used.length === 0) return { error: await wrongCode(tx, uid, now, 'code') }
      return { pass: await openPass(tx, uid, 'recovery', now), recoveryCodesLeft: await recoveryCodesLeft(tx, uid) }
    }
    const factors = await confirmedFactors(tx, uid)
    if (body.method === 'totp') {
      let reused = false
      for (const factor of factors) {
        if (factor.kind !== 'totp' || !factor.totpSecretSealed) continue
        const secret = unseal(deps.settings.secondFactorKey, factor.totpSecretSealed)
        if (!secret) continue
        const check = await checkTotp(secret, body.code, factor.totpLastStep, now)
        if (!check.ok) {
          reused ||= check.used
          continue
        }
        // Only the first use of a code moves the period on: a second, concurrent use finds it moved.
        const moved = await tx
          .update(secondFactors)
          .set({ totpLastStep: check.step, lastUsedAt: now })
          .where(and(eq(secondFactors.id, factor.id), or(isNull(secondFactors.totpLastStep), lt(secondFactors.totpLastStep, check.step))))
          .returning({ id: secondFactors.id })
        if (moved.length === 0) return { error: codeUsed('code') }
        return { pass: await openPass(tx, uid, 'totp', now), recoveryCodesLeft: await recoveryCodesLeft(tx, uid) }
      }
      return { error: reused ? codeUsed('code') : await wrongCode(tx, uid, now, 'code') }
    }
    const challenge = await takeChallenge(tx, uid, 'authenticate', now)
    const response = parseJson<AuthenticationResponseJSON>(body.response)
    const factor = factors.find((f) => f.kind === 'passkey' && f.passkeyCredentialId === response?.id)
    if (!challenge || !response || !factor?.passkeyPublicKey) return { error: passkeyRefused() }
    const { rpID, origin } = relyingParty(deps)
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: factor.passkeyCredentialId!,
        publicKey: new Uint8Array(Buffer.from(factor.passkeyPublicKey, 'base64url')),
        counter: factor.passkeyCounter ?? 0,
        transports: factor.passkeyTransports ?? [],
      },
      requireUserVerification: false,
    }).catch(() => null)
    if (!verification?.verified) return { error: passkeyRefused() }
    await tx.update(secondFactors).set({ passkeyCounter: verification.authenticationInfo.newCounter, lastUsedAt: now }).where(eq(secondFactors.id, factor.id))
    return { pass: await openPass(tx, uid, 'passkey', now), recoveryCodesLeft: await recoveryCodesLeft(tx, uid) }
  })
  // The count of a wrong code is kept: the refusal is thrown after the transaction commits.
  if ('error' in method) throw method.error
  return method
}

// --- Managing one's factors ---

export async function removeSecondFactor(deps: Deps, identity: VerifiedIdentity, factorId: string, pass: string | null): Promise<SecondFactorStatus> {
  const uid = identity.uid
  const factors = await confirmedFactors(deps.db, uid)
  if (!factors.some((f) => f.id === factorId)) throw notFound('Second factor')
  if (!(await hasPassed(deps.db, uid, pass, deps.clock.now()))) throw secondFactorRequired()
  if (factors.length === 1 && (await mustHoldSecondFactor(deps.db, uid))) {
    throw conflict('Your account needs a second factor: add another before removing this one', { code: 'last-second-factor' })
  }
  await deps.db.transaction(async (tx) => {
    await tx.delete(secondFactors).where(and(eq(secondFactors.id, factorId), eq(secondFactors.uid, uid)))
    if (factors.length === 1) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.uid, uid))
      await markMemberProtected(tx, uid, false)
    }
    // Other sessions that passed may have passed with this factor: they ask again.
    await tx.delete(secondFactorPasses).where(and(eq(secondFactorPasses.uid, uid), pass ? ne(secondFactorPasses.passHash, sha256(pass)) : undefined))
  })
  return secondFactorStatus(deps, identity, pass)
}

export async function replaceRecoveryCodes(deps: Deps, identity: VerifiedIdentity, pass: string | null): Promise<{ recoveryCodes: string[] }> {
  const factors = await confirmedFactors(deps.db, identity.uid)
  if (factors.length === 0) throw conflict('Add a second factor first: recovery codes stand in for one', { code: 'no-second-factor' })
  if (!(await hasPassed(deps.db, identity.uid, pass, deps.clock.now()))) throw secondFactorRequired()
  return { recoveryCodes: await deps.db.transaction((tx) => issueRecoveryCodes(tx, identity.uid, deps.clock.now())) }
}

/**
 * Removes every factor, recovery code and pass of a person (an admin's reset, audited by the
 * caller): their next visit to the console or the brand pages enrols anew, after a recent sign-in.
 */
export async function removeAllSecondFactors(ex: Executor, uid: string): Promise<number> {
  const removed = await ex.delete(secondFactors).where(eq(secondFactors.uid, uid)).returning({ id: secondFactors.id })
  await ex.delete(recoveryCodes).where(eq(recoveryCodes.uid, uid))
  await endPasses(ex, uid)
  await markMemberProtected(ex, uid, false)
  return removed.length
}

/** A test or the local demo: an authenticator with a known secret, confirmed at once. */
export async function enrolKnownAuthenticator(deps: Deps, uid: string, secret: string, label: string): Promise<string> {
  const now = deps.clock.now()
  const [row] = await deps.db
    .insert(secondFactors)
    .values({ uid, kind: 'totp', label, createdAt: now, confirmedAt: now, totpSecretSealed: seal(deps.settings.secondFactorKey, secret) })
    .returning({ id: secondFactors.id })
  await markMemberProtected(deps.db, uid, true)
  return row!.id
}

/** The code the person's first authenticator shows now (local mode's command line, for the demo accounts). */
export async function currentAuthenticatorCode(deps: Deps, uid: string): Promise<string> {
  const factor = (await confirmedFactors(deps.db, uid)).find((f) => f.kind === 'totp' && f.totpSecretSealed)
  const secret = factor?.totpSecretSealed ? unseal(deps.settings.secondFactorKey, factor.totpSecretSealed) : null
  if (!secret) throw notFound('Authenticator')
  return generate({ secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, epoch: Math.floor(deps.clock.now().getTime() / 1000) })
}

/** Account deletion: every row of the person's second factors goes, their wrong-code counts too. */
export async function removeSecondFactorData(ex: Executor, uid: string): Promise<void> {
  await removeAllSecondFactors(ex, uid)
  await ex.delete(webauthnChallenges).where(eq(webauthnChallenges.uid, uid))
  await ex.delete(rateLimits).where(eq(rateLimits.key, failureKey(uid)))
}
