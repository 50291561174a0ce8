import { setupI18n } from '@lingui/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { messages } from '../../locales/en/messages.po'
import { keepText, withPlainTexts } from './plain-text'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('withPlainTexts', () => {
  it('in a production build, reads every message of the catalog as it read before, plain texts as texts', () => {
    vi.stubEnv('PROD', true)
    const plain = withPlainTexts(messages)
    const before = setupI18n({ locale: 'en', messages: { en: messages } })
    const after = setupI18n({ locale: 'en', messages: { en: plain } })
    after.setMessagesCompiler(keepText)
    const ids = Object.keys(messages)
    expect(ids.length).toBeGreaterThan(1000)
    let texts = 0
    for (const id of ids) {
      if (typeof plain[id] === 'string') texts++
      else expect(plain[id]).toBe(messages[id])
      expect(after._(id)).toBe(before._(id))
    }
    // Most messages are plain text: the point of the change.
    expect(texts).toBeGreaterThan(ids.length / 2)
  })

  it('elsewhere leaves the catalog as it is, for Lingui’s development compiler', () => {
    vi.stubEnv('PROD', false)
    expect(withPlainTexts(messages)).toBe(messages)
  })
})
