import { describe, expect, it } from 'vitest'
import { dueReminder, type ReminderFacts } from './reminder-rules'

const due = new Date('2031-06-10T18:00:00.000Z')
const at = (hoursBeforeDue: number) => new Date(due.getTime() - hoursBeforeDue * 3_600_000)
const delivered: ReminderFacts = { status: 'delivered', kind: 'free-product', openTasks: ['review'], reviewDueAt: due }

describe('dueReminder', () => {
  it('reminds a tester holding the product 3 days before the due date, on the day, and once overdue', () => {
    expect(dueReminder(delivered, at(24 * 5))).toBeNull()
    expect(dueReminder(delivered, at(72))).toBe('due-in-3-days')
    expect(dueReminder(delivered, at(25))).toBe('due-in-3-days')
    expect(dueReminder(delivered, at(24))).toBe('due-today')
    expect(dueReminder(delivered, at(1))).toBe('due-today')
    expect(dueReminder(delivered, at(0))).toBe('overdue')
    expect(dueReminder(delivered, at(-24 * 30))).toBe('overdue')
  })

  it('stops once the review is in or nothing is open, and never reminds before delivery or after withdrawal', () => {
    for (const status of ['reviewed', 'completed', 'withdrawn', 'shipped', 'waitlisted', 'applied', 'not-selected'] as const) {
      expect(dueReminder({ ...delivered, status }, at(2))).toBeNull()
    }
    expect(dueReminder({ ...delivered, openTasks: [] }, at(2))).toBeNull()
    // Other open tasks are reminded of too.
    expect(dueReminder({ ...delivered, openTasks: ['social-posts', 'impressions'] }, at(2))).toBe('due-today')
  })

  it('reminds of the purchase to make in a verified-purchase test, then of the due date', () => {
    const buyer: ReminderFacts = { status: 'selected', kind: 'verified-purchase', openTasks: ['purchase-intent', 'review'], reviewDueAt: due }
    expect(dueReminder(buyer, at(24 * 20))).toBe('purchase')
    expect(dueReminder(buyer, at(48))).toBe('due-in-3-days')
    expect(dueReminder({ ...buyer, openTasks: ['review'] }, at(24 * 20))).toBeNull()
    expect(dueReminder({ ...buyer, openTasks: ['review'] }, at(12))).toBe('due-today')
    // A free product is reminded of only once it has arrived.
    expect(dueReminder({ ...delivered, status: 'selected' }, at(12))).toBeNull()
  })
})
