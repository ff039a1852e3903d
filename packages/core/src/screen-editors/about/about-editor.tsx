import { useId, useState } from 'react'

import { EditableList } from '../../editing/editable-list.tsx'
import { uniqueId } from '../../entities/unique-id.ts'
import type { AboutContent } from '../../entities/about-content.ts'
import { AboutPage } from '../../pages/about/about-page.tsx'
import { AdminStyle } from '../../ui/admin-style.tsx'
import { FormControlsStyle, SwitchField, TextField } from '../shared/form-controls.tsx'
import { countAboutProblems, fromAboutForm, toAboutForm, validateAbout } from './about-form.ts'
import type { AboutErrors, AboutForm, CommunityForm, SlideForm } from './about-form.ts'
import aboutCss from './about-editor.css?inline'
import { PlainSurface } from '../shared/form-surface.tsx'
import type { FormSurface } from '../shared/form-surface.tsx'
import { PhotoFields } from '../shared/photo-fields.tsx'
import { PreviewDialog } from '../shared/preview-dialog.tsx'
import { RestoreBanner } from '../shared/form-guards.tsx'
import { FormSaveBar } from '../shared/form-save-bar.tsx'
import type { SaveStatusText } from '../shared/save-bar.tsx'
import { useDocumentForm } from '../shared/use-document-form.ts'
import { useFocusRequests } from '../shared/use-focus-requests.ts'
import { paths } from '../../routing/public-paths.ts'

/** Props of {@link AboutEditor}. */
export type AboutEditorProps = {
  /** The stored `aboutContent`. A newer one replaces the form unless the form has edits. */
  aboutContent: AboutContent
  /**
   * Called by Save with the whole document, cleaned and valid. A rejected promise keeps the
   * values and shows "Could not save About page content." with the reason.
   */
  /** `base`: the stored document the form started from, so a save merges with newer ones. */
  onSave(next: AboutContent, base: AboutContent): Promise<unknown> | void
  /** Gives the editing UI (list reordering, the photo picker) to the values; see FormSurface. */
  Surface?: FormSurface | undefined
  /** The public page, for "View live page". */
  livePath?: string
  /** The store's save state while a save of `aboutContent` shows it (spec §4, §8). */
  saveStatus?: SaveStatusText | undefined
}

/** The values's name inside the editing surface; paths start at the form's root. */
const DOC = 'about'

type FocusRequest =
  { list: 'slides' | 'communities'; id: string } | { heading: 'slides' | 'communities' }

const emptyErrors = (): AboutErrors => ({ sections: {}, slides: {}, communities: {} })

/** Where focus should go after a list lost or gained an item through the editing UI. */
function listFocus(
  list: 'slides' | 'communities',
  before: readonly { id: string }[],
  after: readonly { id: string }[],
): FocusRequest | undefined {
  if (after.length > before.length) {
    const added = after.find((item) => !before.some((old) => old.id === item.id))
    return added ? { list, id: added.id } : undefined
  }
  if (after.length < before.length) {
    const removedAt = before.findIndex((item) => !after.some((kept) => kept.id === item.id))
    const neighbour = after[Math.min(removedAt, after.length - 1)]
    return neighbour ? { list, id: neighbour.id } : { heading: list }
  }
  return undefined
}

/**
 * The staff editor of the About page (`aboutContent`, spec §1 and §2): the five sections
 * (title and paragraphs), the photo slider's switch and its photos (picked from the photo
 * library, each with a required description), and the communities served (added, removed and
 * reordered by drag or keyboard). Edits stay in values until Save, which checks everything
 * and hands the whole cleaned document to `onSave`; Preview shows the values as the public page.
 *
 * @example
 * <AboutEditor aboutContent={about} Surface={FormEditingSurface}
 *   onSave={(next) => store.save('aboutContent', next)} />
 */
export function AboutEditor({
  aboutContent,
  onSave,
  Surface = PlainSurface,
  livePath = paths.about(),
  saveStatus,
}: AboutEditorProps) {
  const headingId = useId()
  const form = useDocumentForm<AboutContent, AboutForm>({
    id: 'aboutContent',
    stored: aboutContent,
    toForm: toAboutForm,
    // Compared as the form would store it, so a stored document with untrimmed text is not
    // "changed" the moment it is opened.
    normalize: fromAboutForm,
    check: (values) => {
      const count = countAboutProblems(validateAbout(values))
      return count > 0 ? { ok: false, problems: count } : { ok: true, value: fromAboutForm(values) }
    },
    save: (next, _draft, base) => onSave(next, base),
  })
  const { values, checked, edit } = form
  const [previewing, setPreviewing] = useState(false)
  const { root, focusAfterRender } = useFocusRequests<FocusRequest>(focusRequested)
  const stored = fromAboutForm(values)
  const errors = checked ? validateAbout(values) : emptyErrors()

  // Edits made with the editing UI (reorder, add, remove, a picked photo) arrive whole.
  const onSurfaceChange = (_name: string, document: unknown) => {
    const next = document as AboutForm
    const request =
      listFocus('slides', values.slider.images, next.slider.images) ??
      listFocus('communities', values.communities, next.communities)
    if (request) focusAfterRender(request)
    edit(next)
  }

  const setSection = (id: string, patch: { title?: string; text?: string }) =>
    edit({
      ...values,
      sections: values.sections.map((s) => (s.id === id ? { ...s, ...patch } : s)),
    })
  const setSlide = (id: string, patch: Partial<SlideForm>) =>
    edit({
      ...values,
      slider: {
        ...values.slider,
        images: values.slider.images.map((s) => (s.id === id ? { ...s, ...patch } : s)),
      },
    })
  const setCommunity = (id: string, name: string) =>
    edit({
      ...values,
      communities: values.communities.map((c) => (c.id === id ? { ...c, name } : c)),
    })

  const save = () => {
    // Taken after the render that marks the problems, if there are any.
    focusAfterRender({ firstError: true })
    void form.save()
  }

  const sliderOn = values.slider.enabled
  return (
    <section className="editor about-editor" aria-labelledby={headingId} ref={root}>
      <AdminStyle id="club-about-editor" css={aboutCss} />
      <FormControlsStyle />
      <div className="about-editor__head">
        <h2 id={headingId}>About page</h2>
        <p className="about-editor__intro">
          Edit the About page’s sections, photos and communities. Nothing changes on the site until
          you save.
        </p>
        <RestoreBanner form={form} what="the About page" />
        <div className="editor-actions">
          <a className="btn btn--outline" href={livePath} target="_blank" rel="noopener noreferrer">
            View live page <span className="visually-hidden">(opens in a new tab)</span>
          </a>
          <button type="button" className="btn btn--outline" onClick={() => setPreviewing(true)}>
            Preview
          </button>
        </div>
      </div>

      <Surface documents={{ [DOC]: values }} onChange={onSurfaceChange}>
        <section className="about-editor__group" aria-labelledby={`${headingId}-sections`}>
          <h3 id={`${headingId}-sections`}>Sections</h3>
          <p className="about-editor__hint">The page shows them in this order.</p>
          <ol className="about-editor__sections">
            {values.sections.map((section, index) => (
              <li key={section.id} className="about-editor__card">
                <fieldset className="editor-fieldset">
                  <legend className="editor-legend">
                    Section {index + 1}: {section.title.trim() || 'Untitled'}
                  </legend>
                  <TextField
                    label="Title"
                    labelSuffix={`of section ${index + 1}`}
                    required
                    value={section.title}
                    error={errors.sections[section.id]?.title}
                    onChange={(title) => setSection(section.id, { title })}
                  />
                  <TextField
                    label="Text"
                    labelSuffix={`of section ${index + 1}`}
                    hint="Leave a blank line between paragraphs."
                    multiline
                    required
                    value={section.text}
                    error={errors.sections[section.id]?.text}
                    onChange={(text) => setSection(section.id, { text })}
                  />
                </fieldset>
              </li>
            ))}
          </ol>
        </section>

        <section className="about-editor__group" aria-labelledby={`${headingId}-slides`}>
          <h3 id={`${headingId}-slides`} tabIndex={-1} data-heading="slides">
            Photo slider
          </h3>
          <SwitchField
            label="Show the photo slider"
            hint="It shows under the sections, as long as it has at least one photo."
            checked={sliderOn}
            onCheckedChange={(enabled) =>
              edit({ ...values, slider: { ...values.slider, enabled } })
            }
          />
          {sliderOn && values.slider.images.length === 0 && (
            <p className="about-editor__note">
              The slider is on but has no photos, so visitors do not see it. Add a photo.
            </p>
          )}
          <p className="about-editor__hint">
            Select a photo to choose another one from the photo library.
          </p>
          <EditableList
            className="about-editor__slides"
            contentKey={DOC}
            path={['slider', 'images']}
            items={values.slider.images}
            itemKey={(slide) => slide.id}
            itemLabel={(_slide, i) => `photo ${i + 1}`}
            itemProps={(slide) => ({ className: 'about-editor__card', 'data-slide-id': slide.id })}
            newItem={(): SlideForm => ({ id: uniqueId('slide'), photo: '', alt: '', caption: '' })}
            renderItem={(slide, i) => (
              <SlideFields
                slide={slide}
                index={i}
                errors={errors.slides[slide.id] ?? {}}
                onChange={(patch) => setSlide(slide.id, patch)}
              />
            )}
          />
        </section>

        <section className="about-editor__group" aria-labelledby={`${headingId}-communities`}>
          <h3 id={`${headingId}-communities`} tabIndex={-1} data-heading="communities">
            Communities we serve
          </h3>
          <p className="about-editor__hint">Listed at the end of the page, in this order.</p>
          <EditableList
            className="about-editor__communities"
            contentKey={DOC}
            path={['communities']}
            items={values.communities}
            itemKey={(community) => community.id}
            itemLabel={(community, i) => community.name.trim() || `community ${i + 1}`}
            itemProps={(community) => ({
              className: 'about-editor__community',
              'data-community-id': community.id,
            })}
            newItem={(): CommunityForm => ({ id: uniqueId('community'), name: '' })}
            renderItem={(community, i) => (
              <TextField
                label={`Community ${i + 1}`}
                value={community.name}
                error={errors.communities[community.id]}
                onChange={(name) => setCommunity(community.id, name)}
              />
            )}
          />
        </section>
      </Surface>

      <FormSaveBar
        form={form}
        saveLabel="Save About page"
        saveStatus={saveStatus}
        savedTo={['aboutContent']}
        unexplained={errors.form}
        onSave={save}
        what="the About page"
      />

      <PreviewDialog open={previewing} onOpenChange={setPreviewing} title="About page">
        <AboutPage aboutContent={stored} />
      </PreviewDialog>
    </section>
  )
}

function SlideFields({
  slide,
  index,
  errors,
  onChange,
}: {
  slide: SlideForm
  index: number
  errors: AboutErrors['slides'][string]
  onChange(patch: Partial<SlideForm>): void
}) {
  return (
    <PhotoFields
      contentKey={DOC}
      at={['slider', 'images', index]}
      photo={{ ...slide, src: slide.photo }}
      errors={errors}
      which={`of photo ${index + 1}`}
      onChange={onChange}
    />
  )
}

function focusRequested(root: HTMLElement | null, request: FocusRequest): void {
  if (!root) return
  if ('heading' in request) {
    root.querySelector<HTMLElement>(`[data-heading="${request.heading}"]`)?.focus()
    return
  }
  const attribute = request.list === 'slides' ? 'data-slide-id' : 'data-community-id'
  const item = [...root.querySelectorAll<HTMLElement>(`[${attribute}]`)].find(
    (element) => element.getAttribute(attribute) === request.id,
  )
  // A new photo starts at its picker; a community at its name.
  const target =
    request.list === 'slides'
      ? (item?.querySelector<HTMLElement>('img[tabindex], input') ?? null)
      : (item?.querySelector<HTMLElement>('input') ?? null)
  target?.focus()
}
