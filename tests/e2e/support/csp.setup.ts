// Every browser test also checks that the pages' Content-Security-Policy refused nothing: a script,
// a connection or an image the product uses and the policy does not allow fails here, not in a
// member's browser.
import { afterEach, expect } from 'vitest'
import { takeCspRefusals } from './browser'

afterEach(() => {
  expect(takeCspRefusals(), 'refused by the Content-Security-Policy').toEqual([])
})
