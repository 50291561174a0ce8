// Per-request values shared by middleware and handlers.
import type { Context } from 'hono'
import type { Logger } from 'pino'
import type { VerifiedIdentity } from '../identity/identity'
import type { MemberRow } from '../services/members'
import type { StaffActor } from '../actors/actor'
import type { BrandViewer } from '../services/brands'

export type SuiteEnv = {
  Variables: {
    requestId: string
    /** The request's trace when tracing is on (tracing.ts): on its log lines beside the request id. */
    traceId: string | undefined
    /** Made on first use (http/log.ts): most requests log nothing but their request line. */
    log: Logger | undefined
    identity: VerifiedIdentity | undefined
    member: MemberRow | undefined
    /** Set on staff routes: the caller with their roles, capabilities and where they call from. */
    staff: StaffActor | undefined
    /** Set on brand routes: the brand viewer and the one brand every query of theirs is scoped to. */
    brand: BrandViewer | undefined
  }
}
export type SuiteContext = Context<SuiteEnv>
