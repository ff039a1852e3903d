import { useMemo } from 'react'

import { useSaveState } from '../../content/content-provider.tsx'
import { saveStatusText } from '../../editing/in-place/edit-bar.tsx'
import { createEditSaver } from '../../editing/in-place/edit-saver.ts'
import { EditingSurface, useStoredRoutes } from '../../editing/in-place/editing-provider.tsx'
import { HtmlEditor } from '../../editing/in-place/html-editor.tsx'
import { HtmlListEditor } from '../../editing/in-place/html-list-editor.tsx'
import { ImageEditor } from '../../editing/in-place/image-editor.tsx'
import { ListEditor } from '../../editing/in-place/list-editor.tsx'
import type { HtmlListEditorProps } from '../../editing/editing-context.ts'
import type { FormSurfaceProps } from '../../screen-editors/shared/form-surface.tsx'
import type { SaveStatusText } from '../../screen-editors/shared/save-bar.tsx'
import { usePickerOptions } from '../../photos/use-photo-placing.ts'
import { useAdminDeps } from '../../auth/admin-deps.tsx'

// A form stores nothing until its Save: a rich-text list hands on its items after each pause
// in typing too, so the form knows at once that it has changes.
function FormHtmlListEditor(props: HtmlListEditorProps) {
  return <HtmlListEditor {...props} commitWhileTyping />
}

// Lists, images and rich text: what the dedicated editors render through the editable
// primitives. Their text fields are form controls of their own.
const FORM_EDITORS = {
  List: ListEditor,
  Image: ImageEditor,
  Html: HtmlEditor,
  HtmlList: FormHtmlListEditor,
}

/**
 * The editing UI of the in-place editor (dnd-kit lists, the photo-library picker, Tiptap rich
 * text) over a dedicated editor's form: each edit is written into the named form document with
 * setAtPath and handed back through `onChange`; nothing is saved until the editor saves. The
 * picker shows the library's newest rows, with bucket paths turned into public addresses.
 *
 * @example
 * <AboutEditor Surface={FormEditingSurface} … />
 */
export function FormEditingSurface({ documents, onChange, children }: FormSurfaceProps) {
  const { client } = useAdminDeps()
  const pickerOptions = usePickerOptions(client)
  const routes = useStoredRoutes()
  // A new saver with each change of the form: the editors read the form as rendered, and every edit
  // re-renders them before the next one can be made.
  const saver = useMemo(
    () =>
      createEditSaver({
        get: (name) => documents[name],
        save: (name, document) => {
          onChange(name, document)
          return Promise.resolve()
        },
      }),
    [documents, onChange],
  )
  return (
    <EditingSurface saver={saver} routes={routes} {...pickerOptions} editors={FORM_EDITORS}>
      {children}
    </EditingSurface>
  )
}

/**
 * What the store's save indicator says while it shows a save of `key` ("Saving…", then
 * "Content Saved!" with "Your changes are now live across the site.", or the save error);
 * undefined the rest of the time.
 *
 * @example
 * <AboutEditor saveStatus={useKeySaveStatus('aboutContent')} … />
 */
export function useKeySaveStatus(key: string | undefined): SaveStatusText | undefined {
  const state = useSaveState()
  if (state.status === 'idle' || key === undefined || !state.keys.includes(key)) return undefined
  return saveStatusText(state)
}
