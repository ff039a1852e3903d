import { useContent, useContentSettled, useSaveContent } from '../../content/content-provider.tsx'
import { AboutEditor } from '../../screen-editors/about/about-editor.tsx'
import { useHead } from '../../site/head.tsx'
import { EDIT_PREFIX } from '../../routing/admin-paths.ts'
import { adminHead } from '../admin-meta.ts'
import { FormEditingSurface, useKeySaveStatus } from './form-editing-surface.tsx'
import { acceptedOrThrow } from './save-outcome.ts'

/**
 * /admin/edit/about-editor: the About page editor over the stored `aboutContent`. The document
 * is read in the background a second after start; the editor opens once it has arrived, so a
 * values never starts from the built-in sample while the stored page is on its way.
 */
export function AboutEditorRoute() {
  useHead(adminHead('About editor', `${EDIT_PREFIX}/about-editor`))
  const aboutContent = useContent('aboutContent')
  const settled = useContentSettled('aboutContent')
  const save = useSaveContent()
  const saveStatus = useKeySaveStatus('aboutContent')
  return (
    <>
      {/* The editor's own visible heading names the screen; the page still needs its h1. */}
      <h1 className="visually-hidden">About editor</h1>
      {settled ? (
        <AboutEditor
          aboutContent={aboutContent}
          Surface={FormEditingSurface}
          saveStatus={saveStatus}
          onSave={(next, base) => acceptedOrThrow(save('aboutContent', next, { base }))}
        />
      ) : (
        <p role="status">Loading the About page…</p>
      )}
    </>
  )
}
