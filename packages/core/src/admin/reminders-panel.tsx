import { useId, useState } from 'react'
import type { FormEvent } from 'react'

import { useContent, useContentStore, useSaveContent } from '../content/content-provider.tsx'
import { LeaveGuard, RestoreBanner } from '../screen-editors/shared/form-guards.tsx'
import { ConfirmDialog } from '../ui/editor-dialog.tsx'
import { useDocumentForm } from '../screen-editors/shared/use-document-form.ts'
import { REMINDER_TAGS } from '../entities/admin-reminder.ts'
import type { AdminReminder, ReminderTag } from '../entities/admin-reminder.ts'
import { uniqueId } from '../entities/unique-id.ts'
import { sanitizeHtml } from '../html/sanitize.ts'
import {
  isOverdue,
  localToday,
  reminderHtml,
  reminderText,
  sortReminders,
} from './reminder-order.ts'
import { ActionButton } from './action-button.tsx'

type Values = { text: string; dueDate: string; tag: ReminderTag }

const EMPTY: Values = { text: '', dueDate: '', tag: 'Normal' }

const parseValues = (raw: unknown): Values | undefined => {
  const d = raw as Partial<Values> | null
  return typeof d === 'object' &&
    d !== null &&
    typeof d.text === 'string' &&
    typeof d.dueDate === 'string' &&
    (REMINDER_TAGS as readonly unknown[]).includes(d.tag)
    ? { text: d.text, dueDate: d.dueDate, tag: d.tag as ReminderTag }
    : undefined
}

function ReminderForm({
  copyId,
  initial,
  submitLabel,
  guard,
  onSubmit,
  onCancel,
}: {
  /** Names the form copy kept on this device: `adminReminders/new`, `adminReminders/<id>`. */
  copyId: string
  initial: Values
  submitLabel: string
  /** Holds a move to another screen while this form has unsaved changes (one form at a time). */
  guard: boolean
  onSubmit(values: Values): void
  onCancel?: () => void
}) {
  const id = useId()
  const form = useDocumentForm<Values, Values>({
    id: copyId,
    stored: initial,
    toForm: (stored) => stored,
    normalize: (values) => ({ ...values, text: values.text.trim() }),
    parse: parseValues,
    check: (values) =>
      values.text.trim() === '' ? { ok: false, problems: 1 } : { ok: true, value: values },
    save: (next) => onSubmit(next),
  })
  const { values } = form
  const problem = form.checked && values.text.trim() === ''
  const setValues = (next: Values) => form.edit(next)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void form.save()
  }
  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      <RestoreBanner form={form} what={onCancel ? 'this reminder' : 'a new reminder'} />
      {guard && <LeaveGuard form={form} what={onCancel ? 'this reminder' : 'a new reminder'} />}
      <div className={problem ? 'editor-field editor-field--invalid' : 'editor-field'}>
        <label className="editor-field__label" htmlFor={`${id}-text`}>
          Reminder
        </label>
        <p className="editor-field__hint" id={`${id}-hint`}>
          Put **two stars** around words to make them bold.
        </p>
        <input
          id={`${id}-text`}
          className="editor-field__control"
          value={values.text}
          aria-invalid={problem || undefined}
          aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`}
          onChange={(event) => setValues({ ...values, text: event.target.value })}
        />
        {problem && (
          <p className="editor-field__error" id={`${id}-error`}>
            Write what to remember.
          </p>
        )}
      </div>
      <div className="editor-field">
        <label className="editor-field__label" htmlFor={`${id}-due`}>
          Due date (optional)
        </label>
        <input
          id={`${id}-due`}
          className="editor-field__control"
          type="date"
          value={values.dueDate}
          onChange={(event) => setValues({ ...values, dueDate: event.target.value })}
        />
      </div>
      <div className="editor-field">
        <label className="editor-field__label" htmlFor={`${id}-tag`}>
          Tag
        </label>
        <select
          id={`${id}-tag`}
          className="editor-field__control"
          value={values.tag}
          onChange={(event) => setValues({ ...values, tag: event.target.value as ReminderTag })}
        >
          {REMINDER_TAGS.map((tag) => (
            <option key={tag}>{tag}</option>
          ))}
        </select>
      </div>
      <p className="admin-actions">
        <button type="submit" className="btn btn--primary">
          {submitLabel}
        </button>
        {onCancel && (
          <ActionButton
            onClick={() => {
              form.discard()
              onCancel()
            }}
          >
            Cancel
          </ActionButton>
        )}
      </p>
    </form>
  )
}

const formatDue = (iso: string) =>
  new Date(`${iso}T12:00:00`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  })

/**
 * The admin home's reminders (`adminReminders`): add, edit, complete and delete, overdue first.
 * Completing one removes it, as the document has no "done" flag; Delete asks first.
 */
export function RemindersPanel() {
  const reminders = useContent('adminReminders')
  const store = useContentStore()
  const save = useSaveContent()
  const [editing, setEditing] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<AdminReminder | null>(null)
  // A new form after each reminder added, so that it starts empty again.
  const [added, setAdded] = useState(0)
  const today = localToday()
  // Each change starts from the store's latest document, not the one this render saw; an
  // edit's base has the reminder as the form opened with it, so it merges three-way with a
  // newer save (another editor's change to another reminder, or to a part left alone here).
  const [editedFrom, setEditedFrom] = useState<AdminReminder | null>(null)
  const change = (
    update: (list: AdminReminder[]) => AdminReminder[],
    from?: AdminReminder | null,
  ) => {
    const current = [...store.get('adminReminders')]
    const base = from ? current.map((r) => (r.id === from.id ? from : r)) : current
    void save('adminReminders', update(current), { base })
  }
  const fromValues = (id: string, values: Values): AdminReminder => ({
    id,
    text: reminderHtml(values.text),
    dueDate: values.dueDate || null,
    tag: values.tag,
  })

  return (
    <section className="admin-panel" aria-labelledby="reminders-title">
      <h2 id="reminders-title">Reminders</h2>
      {reminders.length === 0 ? (
        <p>No reminders.</p>
      ) : (
        <ul className="admin-list">
          {sortReminders(reminders, today).map((reminder) =>
            editing === reminder.id ? (
              <li key={reminder.id}>
                <ReminderForm
                  copyId={`adminReminders/${reminder.id}`}
                  guard
                  initial={{
                    text: reminderText(reminder.text),
                    dueDate: reminder.dueDate ?? '',
                    tag: reminder.tag,
                  }}
                  submitLabel="Save reminder"
                  onSubmit={(values) => {
                    change(
                      (list) =>
                        list.map((r) => (r.id === reminder.id ? fromValues(r.id, values) : r)),
                      editedFrom?.id === reminder.id ? editedFrom : reminder,
                    )
                    setEditing(null)
                  }}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <li key={reminder.id}>
                <p>
                  <span
                    className={
                      reminder.tag === 'Urgent' ? 'admin-tag admin-tag--urgent' : 'admin-tag'
                    }
                  >
                    {reminder.tag}
                  </span>
                  <span dangerouslySetInnerHTML={{ __html: sanitizeHtml(reminder.text) }} />
                </p>
                <p className="admin-meta">
                  {reminder.dueDate === null ? (
                    'No due date'
                  ) : isOverdue(reminder, today) ? (
                    <span className="admin-tag admin-tag--overdue">{`Overdue: was due ${formatDue(reminder.dueDate)}`}</span>
                  ) : (
                    `Due ${formatDue(reminder.dueDate)}`
                  )}
                </p>
                <p className="admin-actions">
                  <ActionButton
                    onClick={() => change((list) => list.filter((r) => r.id !== reminder.id))}
                  >
                    Complete
                  </ActionButton>
                  <ActionButton
                    onClick={() => {
                      setEditing(reminder.id)
                      setEditedFrom(reminder)
                    }}
                  >
                    Edit
                  </ActionButton>
                  <ActionButton onClick={() => setDeleting(reminder)}>Delete</ActionButton>
                </p>
              </li>
            ),
          )}
        </ul>
      )}
      <h3>Add a reminder</h3>
      <ReminderForm
        key={added}
        copyId="adminReminders/new"
        guard={editing === null}
        initial={EMPTY}
        submitLabel="Add reminder"
        onSubmit={(values) => {
          change((list) => [...list, fromValues(uniqueId('reminder'), values)])
          setAdded((n) => n + 1)
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this reminder?"
        description={deleting ? reminderText(deleting.text) : ''}
        confirmLabel="Delete"
        onConfirm={() => {
          const gone = deleting
          setDeleting(null)
          if (gone) change((list) => list.filter((r) => r.id !== gone.id))
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  )
}
