// Who takes a staff action: a signed-in staff person in the console, or the operator command line.
import { CAPABILITIES, type Capability, type Role } from '../../contract/staff'

export interface StaffActor {
  uid: string
  email: string | null
  name: string | null
  roles: Role[]
  capabilities: Capability[]
  /** One per request: every audit entry the request writes carries it. */
  operationId: string
  ip: string | null
  userAgent: string | null
}

/** The command line acts with every capability: whoever holds a shell on the server holds the database too. */
export function commandLineActor(): StaffActor {
  const user = process.env.USER ?? process.env.LOGNAME ?? 'unknown'
  return {
    uid: 'cli',
    email: null,
    name: `command line (${user})`,
    roles: ['admin'],
    capabilities: [...CAPABILITIES],
    operationId: crypto.randomUUID(),
    ip: null,
    userAgent: null,
  }
}
