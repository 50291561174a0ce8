// What the member API says at start-up about its bot check: off is a warning line, every start.
import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { logBotCheck } from './bot-check'

/** The lines a logger wrote, parsed. */
function capture() {
  const lines: Array<{ level: number; msg: string }> = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(
        ...chunk
          .toString()
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { level: number; msg: string }),
      )
      done()
    },
  })
  return { log: pino({ level: 'info' }, stream), lines }
}

describe('the bot check at start-up', () => {
  it('warns when BOT_CHECK=off has switched it off, and says which check runs otherwise', () => {
    const off = capture()
    logBotCheck({ kind: 'off' }, off.log)
    expect(off.lines).toEqual([expect.objectContaining({ level: pino.levels.values.warn, msg: expect.stringMatching(/^bot check is OFF \(BOT_CHECK=off\)/) })])

    const recaptcha = capture()
    logBotCheck({ kind: 'recaptcha', verifyUrl: 'https://www.google.com/recaptcha/api/siteverify', minScore: 0.5 }, recaptcha.log)
    expect(recaptcha.lines).toEqual([expect.objectContaining({ level: pino.levels.values.info, msg: 'bot check: reCAPTCHA v3' })])
  })
})
