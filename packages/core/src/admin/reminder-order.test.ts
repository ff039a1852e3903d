// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'

import type { AdminReminder } from '../entities/admin-reminder.ts'
import {
  isOverdue,
  localToday,
  reminderHtml,
  reminderText,
  sortReminders,
} from './reminder-order.ts'

const TODAY = '2026-11-25'

const reminder = (
  id: string,
  dueDate: string | null,
  tag: AdminReminder['tag'] = 'Normal',
): AdminReminder => ({ id, text: id, dueDate, tag })

const order = (list: AdminReminder[]) => sortReminders(list, TODAY).map((r) => r.id)

describe('sortReminders', () => {
  it('should put overdue reminders before those due later', () => {
    expect(order([reminder('later', '2026-12-01'), reminder('late', '2026-11-20')])).toEqual([
      'late',
      'later',
    ])
  })

  it('should order overdue reminders by how long ago they were due', () => {
    expect(order([reminder('recent', '2026-11-24'), reminder('oldest', '2026-10-01')])).toEqual([
      'oldest',
      'recent',
    ])
  })

  it('should order upcoming reminders soonest first', () => {
    expect(order([reminder('january', '2027-01-05'), reminder('today', TODAY)])).toEqual([
      'today',
      'january',
    ])
  })

  it('should put reminders without a due date last', () => {
    expect(order([reminder('someday', null), reminder('soon', '2026-11-30')])).toEqual([
      'soon',
      'someday',
    ])
  })

  it('should put an urgent reminder before a normal one due the same day', () => {
    expect(
      order([reminder('normal', '2026-11-30'), reminder('urgent', '2026-11-30', 'Urgent')]),
    ).toEqual(['urgent', 'normal'])
  })

  it('should leave the list it was given unchanged', () => {
    const list = [reminder('b', null), reminder('a', '2026-11-01')]
    sortReminders(list, TODAY)
    expect(list.map((r) => r.id)).toEqual(['b', 'a'])
  })
})

describe('isOverdue', () => {
  it('should not count a reminder due today as overdue', () => {
    expect(isOverdue(reminder('today', TODAY), TODAY)).toBe(false)
  })
})

describe('localToday', () => {
  it('should give the local calendar date with zero padding', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05')
  })
})

describe('reminderHtml', () => {
  it('should turn double stars into bold', () => {
    expect(reminderHtml('Order **new helmets** today')).toBe(
      'Order <strong>new helmets</strong> today',
    )
  })

  it('should keep typed markup as text', () => {
    expect(reminderHtml('<img src=x onerror=alert(1)>')).toBe('&lt;img src=x onerror=alert(1)&gt;')
  })
})

describe('reminderText', () => {
  it('should give stored bold back as double stars', () => {
    expect(reminderText('Order <b>new</b> &amp; <strong>old</strong>')).toBe(
      'Order **new** & **old**',
    )
  })
})
