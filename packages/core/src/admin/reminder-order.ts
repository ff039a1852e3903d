import type { AdminReminder } from '../entities/admin-reminder.ts'

/** Whether a reminder's due date (`YYYY-MM-DD`) has passed on `today` (`YYYY-MM-DD`). */
export function isOverdue(reminder: AdminReminder, today: string): boolean {
  return reminder.dueDate !== null && reminder.dueDate < today
}

/**
 * The admin home's order of reminders: overdue first, then by due date (soonest first), then
 * those with no due date; Urgent before Normal on the same day. ISO dates compare as text.
 *
 * @example
 * sortReminders(reminders, '2026-11-25')
 */
export function sortReminders(reminders: readonly AdminReminder[], today: string): AdminReminder[] {
  const rank = (reminder: AdminReminder) =>
    isOverdue(reminder, today) ? 0 : reminder.dueDate === null ? 2 : 1
  return [...reminders].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.dueDate ?? '').localeCompare(b.dueDate ?? '') ||
      Number(b.tag === 'Urgent') - Number(a.tag === 'Urgent'),
  )
}

/** Today's date on this device's calendar, as `YYYY-MM-DD`. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * A reminder typed with `**bold**` marks, as the stored HTML: everything else is text, so
 * nothing typed can become markup but the bold.
 *
 * @example
 * reminderHtml('Order **new helmets**') // 'Order <strong>new helmets</strong>'
 */
export function reminderHtml(typed: string): string {
  return escapeHtml(typed.trim()).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
}

/**
 * A stored reminder's HTML back as typed text, bold as `**bold**`, for editing it again.
 * Needs a DOM (the admin runs in a browser) to read entities and drop any other markup.
 *
 * @example
 * reminderText('Order <strong>new helmets</strong>') // 'Order **new helmets**'
 */
export function reminderText(html: string): string {
  const marked = html
    .replace(/<\s*(strong|b)\b[^>]*>/gi, '**')
    .replace(/<\s*\/\s*(strong|b)\s*>/gi, '**')
  // DOMParser's document is inert: nothing in the stored HTML loads or runs while it is read.
  return new DOMParser().parseFromString(marked, 'text/html').body.textContent ?? ''
}
