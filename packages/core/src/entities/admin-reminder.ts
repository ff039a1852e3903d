import { z } from 'zod'
import { htmlSchema, idSchema, isoDateSchema } from './common.ts'
import { uniqueArray, withNeutral } from './tolerance.ts'

/** How pressing a reminder is. */
export const REMINDER_TAGS = ['Normal', 'Urgent'] as const

/**
 * A note on the admin home screen. `text` may hold bold markup (HTML, sanitized when rendered);
 * `dueDate` is `YYYY-MM-DD` or null.
 */
export const adminReminderSchema = z.object({
  id: idSchema,
  text: htmlSchema,
  dueDate: withNeutral(isoDateSchema.nullable(), null),
  tag: withNeutral(z.enum(REMINDER_TAGS), 'Normal'),
})

/** Admin reminders (content key `adminReminders`), unique by id. */
export const adminRemindersSchema = uniqueArray(
  adminReminderSchema,
  { id: (reminder) => reminder.id },
  500,
)

/** An admin reminder. */
export type AdminReminder = z.infer<typeof adminReminderSchema>
/** `Normal` or `Urgent`. */
export type ReminderTag = (typeof REMINDER_TAGS)[number]
