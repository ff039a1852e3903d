import type { AdminReminder } from '../entities/admin-reminder.ts'

/** Sample reminders for the admin home screen. */
export const defaultAdminReminders: AdminReminder[] = [
  {
    id: 'reminder-tryout-dates',
    text: 'Confirm <strong>tryout dates</strong> with each head coach.',
    dueDate: '2027-06-01',
    tag: 'Urgent',
  },
  {
    id: 'reminder-field-permits',
    text: 'Renew the spring <strong>field permits</strong> with the county.',
    dueDate: '2027-01-15',
    tag: 'Normal',
  },
  {
    id: 'reminder-sponsor-thanks',
    text: 'Send thank-you notes to this year’s sponsors.',
    dueDate: null,
    tag: 'Normal',
  },
]
