// The contract's endpoint table and the suite's routes describe the same API.
import { describe, expect, it } from 'vitest'
import { BEARER_PATHS, OPTIONAL_BEARER_PATHS } from '../contract/paths'
import { ENDPOINTS } from '../contract/endpoints'
import { createSuiteApp } from './app'
import { systemClock, type SuiteDeps } from './deps'
import pino from 'pino'

const deps = {
  clock: systemClock,
  logger: pino({ level: 'silent' }),
  settings: { mode: 'local', otpPepper: 'x'.repeat(32), intercomSecret: 'x'.repeat(32), trustProxy: false },
} as unknown as SuiteDeps

describe('endpoint table', () => {
  it('lists exactly the routes the suite serves', () => {
    const served = new Set(createSuiteApp(deps).routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))
    const listed = new Set(Object.values(ENDPOINTS).map((e) => `${e.method} /${e.path}`))
    expect([...listed].filter((x) => !served.has(x))).toEqual([])
    expect([...served].filter((x) => !listed.has(x))).toEqual([])
  })

  it('agrees with the Bearer path lists', () => {
    for (const endpoint of Object.values(ENDPOINTS)) {
      const bearer = (BEARER_PATHS as readonly string[]).includes(endpoint.path)
      const optional = (OPTIONAL_BEARER_PATHS as readonly string[]).includes(endpoint.path)
      if (endpoint.auth === 'bearer') expect(bearer, endpoint.path).toBe(true)
      if (endpoint.auth === 'optional') expect(optional, endpoint.path).toBe(true)
      if (endpoint.auth === 'none') expect(bearer, endpoint.path).toBe(false)
    }
  })
})
