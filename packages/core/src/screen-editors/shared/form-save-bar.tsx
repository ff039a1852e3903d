import { saveErrorMessage } from '../../content/save-messages.ts'
import { LeaveGuard } from './form-guards.tsx'
import { SaveBar } from './save-bar.tsx'
import type { SaveBarProps } from './save-bar.tsx'
import type { DocumentForm } from './use-document-form.ts'

/** Said while a field changed here was also changed and saved elsewhere since. */
export const CHANGED_ELSEWHERE =
  'Also changed in another window or by someone else: saving asks which to keep.'

/** Props of {@link FormSaveBar}. */
export type FormSaveBarProps = Pick<SaveBarProps, 'saveLabel' | 'saveStatus' | 'onSave'> & {
  /** The screen's values (useDocumentForm): its save state, problems, changes and discard. */
  form: Pick<
    DocumentForm<unknown, unknown>,
    'status' | 'problems' | 'dirty' | 'keptOnDevice' | 'hasUnsavedChanges' | 'discard'
  > &
    Partial<Pick<DocumentForm<unknown, unknown>, 'changedElsewhere'>>
  /** The content keys the save writes, which a failed save's message names. */
  savedTo: readonly string[]
  /** A problem no field explains, shown while the save has not failed. */
  unexplained?: string | undefined
  /** What the changes are to, in the club's words, for the leave dialog: "the alerts". */
  what: string
  /** Discard changes; the form's own discard by default. */
  onDiscard?: (() => void) | undefined
}

/**
 * The foot of a form screen that keeps its values with useDocumentForm: the save bar wired to
 * the values (a failed save says what could not be saved, in the spec's words, and why) and the
 * guard that asks before leaving unsaved changes.
 *
 * @example
 * <FormSaveBar form={form} saveLabel="Save alerts" savedTo={['alerts']} onSave={save}
 *   what="the alerts" />
 */
export function FormSaveBar({
  form,
  savedTo,
  unexplained,
  what,
  onDiscard = form.discard,
  ...bar
}: FormSaveBarProps) {
  const { status } = form
  return (
    <>
      <SaveBar
        {...bar}
        status={status}
        problems={form.problems}
        dirty={form.dirty}
        keptOnDevice={form.keptOnDevice}
        failure={
          status.kind === 'failed'
            ? `${saveErrorMessage(savedTo)} ${status.detail}`.trim()
            : (unexplained ?? (form.changedElsewhere && form.dirty ? CHANGED_ELSEWHERE : undefined))
        }
        onDiscard={onDiscard}
      />
      <LeaveGuard form={form} what={what} />
    </>
  )
}
