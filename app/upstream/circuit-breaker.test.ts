import { describe, expect, it } from 'vitest'
import { createBreaker } from './circuit-breaker'

describe('the circuit breaker', () => {
  it('opens after calls in a row got no answer, lets one probe through after the cool-down, and closes on an answer', () => {
    let time = 0
    const breaker = createBreaker({ failuresToOpen: 3, coolDownMs: 1000, now: () => time })
    for (let i = 0; i < 2; i++) {
      expect(breaker.allow()).toBe(true)
      breaker.failed()
    }
    // An answer in between starts the count again.
    breaker.answered()
    for (let i = 0; i < 3; i++) {
      expect(breaker.allow()).toBe(true)
      breaker.failed()
    }
    expect(breaker.allow()).toBe(false)
    time = 999
    expect(breaker.allow()).toBe(false)
    time = 1000
    // One probe, and no second call while it is under way.
    expect(breaker.allow()).toBe(true)
    expect(breaker.allow()).toBe(false)
    breaker.failed()
    expect(breaker.allow()).toBe(false)
    time = 2000
    expect(breaker.allow()).toBe(true)
    breaker.answered()
    expect(breaker.allow()).toBe(true)
    expect(breaker.allow()).toBe(true)
  })
})
