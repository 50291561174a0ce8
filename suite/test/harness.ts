// Builds the suite in-process on an in-memory PGlite, or, when TEST_DATABASE_URL is set, on a
// throw-away database of that PostgreSQL server.
import { laggingReads } from '../db/replica'
import pino from 'pino'
import * as v from 'valibot'
import { expect } from 'vitest'
import { BOT_TOKEN_HEADER, LOCAL_BOT_TOKEN } from '../../contract/bot-protection'
import { okEnvelope, ErrorEnvelopeSchema, type ErrorEnvelope } from '../../contract/envelope'
import { createSuiteApp, type SuiteApp } from '../app'
import { openDatabase, type Database } from '../db/client'
import type { Clock, SuiteDeps } from '../deps'
import { firebaseIdentity } from '../identity/identity'
import { localBotCheck } from '../services/bot-check'
import { localDiscountCodes } from '../services/discount-codes'
import { databaseOutbox } from '../services/outbox'
import { defaultImageWorkLimits, imageWorkLimit } from '../services/image-work'
import { memoryPhotoStorage } from '../services/photo-storage'
import { projectId } from './members'
import { secondFactorPassOf } from './staff'
import { SECOND_FACTOR_PASS_HEADER } from '../../contract/second-factor'
import { createTestDatabase } from './postgres'

export class TestClock implements Clock {
  constructor(private current = new Date()) {}
  now() {
    return new Date(this.current)
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms)
  }
  set(date: Date) {
    this.current = new Date(date)
  }
}

export interface Harness {
  app: SuiteApp
  deps: SuiteDeps
  database: Database
  clock: TestClock
  close(): Promise<void>
}

/**
 * The database of one test file: with TEST_DATABASE_URL (as in CI), a throw-away database of its
 * own on that PostgreSQL server, so files running in parallel never see each other's rows;
 * otherwise an in-memory PGlite.
 */
export async function openTestDatabase(): Promise<Database> {
  return process.env.TEST_DATABASE_URL ? createTestDatabase({ maxConnections: 5 }) : openDatabase({ kind: 'pglite', dataDir: 'memory' })
}

export interface HarnessOptions {
  database?: Database
  settings?: Partial<SuiteDeps['settings']>
  /** Firebase Authentication by default (the run's emulator). */
  identity?: SuiteDeps['identity']
  /** Silent by default (SUITE_TEST_LOG_LEVEL to see the suite's log). */
  logger?: SuiteDeps['logger']
  /** The local adapter by default, as local mode runs (`call` sends its token). */
  botCheck?: SuiteDeps['botCheck']
  /** In memory by default. */
  photoStorage?: SuiteDeps['photoStorage']
  /** As a production process of this machine by default (a place per CPU). */
  imageWork?: SuiteDeps['imageWork']
}

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const database = options.database ?? (await openTestDatabase())
  const clock = new TestClock()
  const logger = options.logger ?? pino({ level: process.env.SUITE_TEST_LOG_LEVEL ?? 'silent' })
  const deps: SuiteDeps = {
    db: database.db,
    longDb: database.long,
    reads: laggingReads(database.db, database.replica, logger),
    ping: database.ping,
    // On the harness clock: a test moves it past the window in which a user's record is remembered.
    identity: options.identity ?? firebaseIdentity(projectId(), { clock }),
    clock,
    outbox: databaseOutbox(clock),
    logger,
    discountCodes: localDiscountCodes,
    botCheck: options.botCheck ?? localBotCheck,
    photoStorage: options.photoStorage ?? memoryPhotoStorage(),
    imageWork: options.imageWork ?? imageWorkLimit(defaultImageWorkLimits()),
    settings: {
      mode: 'local',
      otpPepper: 'test-pepper-test-pepper-test-pepper-0000',
      secondFactorKey: 'test-second-factor-key-test-second-factor',
      intercomSecret: 'test-intercom-secret-test-intercom-secret',
      messages: { linkSecret: 'test-message-link-secret-test-message-link', portalUrl: 'http://localhost:3000' },
      // Calls come from the portal's address (CallOptions.peer), which forwards its browsers' addresses.
      trustedProxies: ['127.0.0.1'],
      retentionDays: 30,
      // Generous: the tests of these limits build an app with small ones.
      smsLimits: { countries: ['DE', 'GB', 'US'], perHour: 100_000, perClientPerHour: 100_000 },
      ...options.settings,
    },
  }
  return { app: createSuiteApp(deps), deps, database, clock, close: () => database.close() }
}

export interface CallOptions {
  token?: string
  body?: unknown
  query?: Record<string, string>
  headers?: Record<string, string>
  /** The address the request comes from, as the socket would give it (the portal's, by default). */
  peer?: string
  /**
   * The bot-check token sent (BOT_TOKEN_HEADER), as the portal sends one with every protected call:
   * the local test token by default; null sends none.
   */
  botToken?: string | null
}

export interface CallResult {
  status: number
  headers: Headers
  json: unknown
}

/** Calls a contract path (no leading slash) on the in-process app. */
export async function call(app: SuiteApp, method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const botToken = options.botToken === undefined ? LOCAL_BOT_TOKEN : options.botToken
  const headers: Record<string, string> = { ...(botToken !== null && { [BOT_TOKEN_HEADER]: botToken }), ...options.headers }
  if (options.token) Object.assign(headers, { ...credentialHeaders(options.token), ...options.headers })
  let body: string | undefined
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body)
  }
  const qs = options.query ? `?${new URLSearchParams(options.query)}` : ''
  const response = await app.request(`/${path}${qs}`, { method, headers, body }, { incoming: { socket: { remoteAddress: options.peer ?? '127.0.0.1' } } })
  const text = await response.text()
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = text
  }
  return { status: response.status, headers: response.headers, json }
}

/** Asserts an OK answer and parses its data with the contract schema. */
export function expectOk<S extends v.GenericSchema>(result: CallResult, schema: S, status = 200): v.InferOutput<S> {
  if (result.status !== status) throw new Error(`Expected HTTP ${status}, got ${result.status}: ${JSON.stringify(result.json)}`)
  const parsed = v.safeParse(okEnvelope(schema), result.json)
  if (!parsed.success) {
    throw new Error(`Answer does not match the contract: ${JSON.stringify(v.flatten(parsed.issues))}\n${JSON.stringify(result.json)}`)
  }
  return parsed.output.data
}

/** Asserts an error answer with this code (and HTTP status). */
export function expectError(result: CallResult, code: ErrorEnvelope['status'], status: number): ErrorEnvelope {
  expect(result.status, JSON.stringify(result.json)).toBe(status)
  const parsed = v.parse(ErrorEnvelopeSchema, result.json)
  expect(parsed.status).toBe(code)
  return parsed
}

/**
 * The headers the portal sends with a person's credential: the Bearer token and, when their
 * session passed a second factor (test/staff.ts), its pass.
 */
export function credentialHeaders(token: string): Record<string, string> {
  const headers: Record<string, string> = { authorization: token.startsWith('Bearer ') ? token : `Bearer ${token}` }
  const pass = secondFactorPassOf(uidOfToken(token))
  if (pass) headers[SECOND_FACTOR_PASS_HEADER] = pass
  return headers
}

/** The uid a test credential names (its payload read, not verified: the member API verifies it). */
function uidOfToken(token: string): string {
  try {
    const payload = JSON.parse(Buffer.from(token.replace(/^Bearer /, '').split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      user_id?: string
      sub?: string
    }
    return payload.user_id ?? payload.sub ?? ''
  } catch {
    return ''
  }
}
