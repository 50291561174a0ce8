// postgres.js keeps its connections in queues (open, busy, full…). Under load, with every connection
// busy, a statement is pipelined behind the busy connection shifted from the front of its queue, which
// is pushed back at the end: the queue is shifted and pushed to without ever running empty. As
// released (3.4.9), that queue then grew by one place per statement for the process's life, and each
// move of a connection between queues searched all of it: a process slowed down as it served (a bare
// route of the same stack went from 0.14 to 0.34 ms of CPU per request within 40 s of load). The patch
// in patches/ (applied by npm install) drops the shifted-out places; this test holds it.
import { afterEach, describe, expect, it } from 'vitest'
// @ts-expect-error postgres.js's queue is internal: no types, not in its exports map.
import Queue from '../../node_modules/postgres/src/queue.js'

type Q<T> = { length: number; push(x: T): T; shift(): T; remove(x: T): T | null }

const indexOf = Array.prototype.indexOf
afterEach(() => {
  Array.prototype.indexOf = indexOf
})

/** The length of the array the queue searches when asked to remove something. */
function searched<T>(queue: Q<T>, x: T): number {
  let length = -1
  Array.prototype.indexOf = function (this: unknown[], ...args: Parameters<typeof indexOf>) {
    length = this.length
    return indexOf.apply(this, args)
  }
  queue.remove(x)
  Array.prototype.indexOf = indexOf
  return length
}

describe("postgres.js's connection queue", () => {
  it('stays as large as what it holds when it is shifted and pushed to without running empty', () => {
    const queue = (Queue as () => Q<{ n: number }>)()
    const connections = Array.from({ length: 10 }, (_, n) => queue.push({ n }))
    for (let i = 0; i < 100_000; i++) queue.push(queue.shift())
    expect(queue.length).toBe(10)
    expect(searched(queue, { n: -1 })).toBeLessThanOrEqual(2 * 10 + 64)
    // Still a queue: in order, and what is removed is gone.
    const order = Array.from({ length: 10 }, () => queue.push(queue.shift()).n)
    expect(new Set(order).size).toBe(10)
    expect(queue.remove(connections[3]!)).toBe(connections[3])
    expect(queue.length).toBe(9)
    expect(Array.from({ length: 9 }, () => queue.shift().n)).not.toContain(3)
    expect(queue.length).toBe(0)
  })
})
