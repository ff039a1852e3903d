import { useId, useMemo, useState } from 'react'

import { uniqueId } from '../../entities/unique-id.ts'
import type { NewsBlock, NewsBlockType, NewsDraft, NewsPost } from '../../entities/news-post.ts'
import { AdminStyle } from '../../ui/admin-style.tsx'
import { PlainSurface } from '../shared/form-surface.tsx'
import type { FormSurface } from '../shared/form-surface.tsx'
import { PreviewDialog } from '../shared/preview-dialog.tsx'
import { FormSaveBar } from '../shared/form-save-bar.tsx'
import type { SaveStatusText } from '../shared/save-bar.tsx'
import { textFieldBinder } from '../shared/text-field-binding.ts'
import { useDocumentForm } from '../shared/use-document-form.ts'
import type { StoredAs } from '../shared/use-document-form.ts'
import { useFocusRequests } from '../shared/use-focus-requests.ts'
import { ConfirmDialog } from '../../ui/editor-dialog.tsx'
import { FormControlsStyle } from '../shared/form-controls.tsx'
import { ARTICLE_DOC } from './block-fields.tsx'
import type { RouteOption } from './block-fields.tsx'
import { BodyBlocks } from './news-body-blocks.tsx'
import { NewsEditorHead } from './news-editor-head.tsx'
import { ArticleFields, CardFields } from './news-post-fields.tsx'
import { NewsPostPreview } from './news-post-preview.tsx'
import { NewsPublishingPanel } from './news-publishing-panel.tsx'
import type { Unsent } from './news-publishing-panel.tsx'
import { asDraft, publishedNow, scheduled } from './news-schedule.ts'
import type { NewsPostState } from './news-schedule.ts'
import { fromArticleSurface, newBlock, toArticleSurface } from './news-blocks.ts'
import type { ArticleSurface } from './news-blocks.ts'
import newsCss from './news-editor.css?inline'
import { useNewsPublishing } from './use-news-publishing.ts'
import { articlePath } from './news-slug.ts'
import { usePostAddress } from './use-post-address.ts'
import { cleanNewsPost, countNewsPostProblems, validateNewsPost } from './news-validation.ts'
import type { NewsPostErrors } from './news-validation.ts'
import { screenAddress } from '../../routing/admin-screens.ts'

/**
 * Drafts and schedules: posts not published yet live in the staff-only `newsDrafts`, and the
 * database moves them (see NewsPublishingPanel). Each rejects to keep the form and say why.
 */
export type NewsScheduling = {
  /** Stores the post among the drafts (scheduled when it carries `publishAt`). */
  saveDraft(post: NewsDraft, base: NewsPost): Promise<unknown>
  /** Stores the post among the drafts and publishes it at once. */
  publishNow(post: NewsDraft, base: NewsPost): Promise<unknown>
  /** Takes the published post off the site, back among the drafts. */
  unpublish(): Promise<unknown>
}

/** Props of {@link NewsPostEditor}. */
export type NewsPostEditorProps = {
  /** The stored post (a scheduled draft carries its `publishAt`), or a new one (see `newNewsPost`). */
  post: NewsDraft
  /** Where a stored post stands (published by default). */
  state?: NewsPostState | undefined
  /** Drafts, scheduling and unpublishing; without it Save publishes, as before drafts existed. */
  scheduling?: NewsScheduling | undefined
  /** Addresses held by drafts: taken as well, since a draft is published under its own. */
  draftSlugs?: readonly string[] | undefined
  /** The clock (tests). */
  now?: () => Date
  /** What of the post this device holds unsent, if anything (the publishing panel says so). */
  unsent?: Unsent | undefined
  /** True until the post is first saved: its address follows its title. */
  isNew: boolean
  /** Every other stored post: their addresses are taken, and the preview lists them. */
  otherPosts: readonly NewsPost[]
  /**
   * Called by Save with the post, cleaned and valid. A rejected promise keeps the form and
   * shows "Could not save News." with the reason.
   */
  /** `base`: the post as the form started from, so a save merges with a newer one. */
  onSave(post: NewsPost, base: NewsPost): Promise<unknown> | void
  /** Deletes the stored post (offered only when it is stored), after the user confirms. */
  onDelete?: (() => Promise<unknown> | void) | undefined
  /** The site's pages, offered as a button block's link. */
  routes: readonly RouteOption[]
  /** Gives the editing UI (block reordering, the photo picker, rich text) to the form. */
  Surface?: FormSurface | undefined
  /** The store's save state while a save of `newsPosts` shows it (spec §4, §8). */
  saveStatus?: SaveStatusText | undefined
  /** Where "All news posts" goes. */
  listPath?: string
}

type FocusRequest = { block: string } | { addBlock: true }

const NO_ERRORS: NewsPostErrors = { fields: {}, blocks: {} }

/**
 * The staff editor of one news post (spec §3 "News article"): its title and address (made
 * from the title while the post is new, and kept unique), date, author, summary and image;
 * the card fields and the carousel flag; and the body's blocks of the six types, each with its
 * colour, added, removed and reordered by drag or keyboard. Save checks the post and hands it
 * to `onSave`; Preview renders the form's post with the public article page.
 *
 * @example
 * <NewsPostEditor post={post} isNew={false} otherPosts={others} routes={siteRoutes()}
 *   Surface={FormEditingSurface} onSave={(next) => savePost(next)} onDelete={removePost} />
 */
export function NewsPostEditor({
  post,
  isNew,
  otherPosts,
  onSave,
  onDelete,
  routes,
  Surface = PlainSurface,
  saveStatus,
  listPath = screenAddress('NewsEditorRoute'),
  state: storedState = 'published',
  scheduling,
  draftSlugs,
  now = () => new Date(),
  unsent,
}: NewsPostEditorProps) {
  const headingId = useId()
  const takenSlugs = useMemo(
    () => [...otherPosts.map((other) => other.slug), ...(draftSlugs ?? [])],
    [otherPosts, draftSlugs],
  )
  const state = isNew ? 'new' : storedState
  const publishing = useNewsPublishing(state, scheduling)
  // Which document the last save went to, for its failure message.
  const [savedTo, setSavedTo] = useState<'newsPosts' | 'newsDrafts'>('newsPosts')
  const form = useDocumentForm<NewsPost, NewsPost>({
    // A new post's form copy is kept under one name, so that it is offered back on the next visit
    // to "New post" whatever id this visit made up.
    id: isNew ? 'newsPosts/new' : `newsPosts/${post.id}`,
    stored: post,
    // The schedule is the publishing panel's, not a field of the form.
    toForm: (stored) => asDraft(stored),
    normalize: cleanNewsPost,
    check: (edited) => {
      const next = cleanNewsPost(edited)
      const count = countNewsPostProblems(validateNewsPost(next, takenSlugs))
      return count > 0 ? { ok: false, problems: count } : { ok: true, value: next }
    },
    save: (next, _draft, base) => {
      const asked = publishing.takeAction()
      const toDrafts =
        Boolean(scheduling) && (asked !== null || state === 'draft' || state === 'scheduled')
      setSavedTo(toDrafts ? 'newsDrafts' : 'newsPosts')
      if (!scheduling || !toDrafts) return onSave(next, base)
      // Publishing now or scheduling dates the post (today, or its day): the form starts again
      // from the post as stored, so the bar never calls that date an unsaved change.
      const storing = async (stored: NewsDraft, sent: Promise<unknown>) => {
        const outcome = await sent
        return { storedAs: stored, kept: outcome === 'kept' } satisfies StoredAs<NewsPost>
      }
      if (asked?.kind === 'publish') {
        const published = publishedNow(next, now())
        return storing(published, scheduling.publishNow(published, base))
      }
      if (asked?.kind === 'schedule') {
        const later = scheduled(next, asked.at)
        return storing(later, scheduling.saveDraft(later, base))
      }
      if (asked?.kind === 'draft') return scheduling.saveDraft(asDraft(next), base)
      // Save keeps a scheduled post's time.
      return scheduling.saveDraft(
        post.publishAt ? { ...next, publishAt: post.publishAt } : next,
        base,
      )
    },
  })
  const { values: edited, base, checked, status, edit } = form
  const [newType, setNewType] = useState<NewsBlockType>('paragraph')
  const [previewing, setPreviewing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const { root, focusAfterRender } = useFocusRequests<FocusRequest>(focusRequested)

  const cleaned = cleanNewsPost(edited)
  const errors = checked ? validateNewsPost(cleaned, takenSlugs) : NO_ERRORS

  const set = (patch: Partial<NewsPost>) => edit({ ...edited, ...patch })
  const address = usePostAddress({ edited, storedSlug: base.slug, isNew, takenSlugs, set })
  const setBlock = (id: string, next: NewsBlock) =>
    set({ content: edited.content.map((block) => (block.id === id ? next : block)) })

  // Edits made with the editing UI (reorder, remove, list items, a picked photo) arrive whole.
  const onSurfaceChange = (_name: string, document: unknown) => {
    const next = fromArticleSurface(edited, document as ArticleSurface)
    if (next.content.length < edited.content.length) {
      const removedAt = edited.content.findIndex(
        (block) => !next.content.some((kept) => kept.id === block.id),
      )
      const neighbour = next.content[Math.min(removedAt, next.content.length - 1)]
      focusAfterRender(neighbour ? { block: neighbour.id } : { addBlock: true })
    }
    edit(next)
  }

  const addBlock = () => {
    const block = newBlock(newType, uniqueId('block'))
    focusAfterRender({ block: block.id })
    set({ content: [...edited.content, block] })
  }

  const save = async () => {
    // Taken after the render that marks the problems, if there are any.
    focusAfterRender({ firstError: true })
    const saved = await form.save()
    if (saved === 'saved' || saved === 'kept') address.settle()
  }

  const discard = () => {
    form.discard()
    address.reset()
  }

  const title = edited.title.trim() || 'Untitled post'
  // The preview needs an address to find the post by; the edited post comes first, so it wins.
  const previewPost = { ...cleaned, slug: cleaned.slug || 'preview' }
  const surface = toArticleSurface(edited)
  const fields = errors.fields
  const field = textFieldBinder(edited, fields, set)

  return (
    <section className="editor news-editor" aria-labelledby={headingId} ref={root}>
      <AdminStyle id="club-news-editor" css={newsCss} />
      <FormControlsStyle />
      <NewsEditorHead
        headingId={headingId}
        listPath={listPath}
        heading={isNew ? 'New news post' : `Edit “${base.title || 'Untitled post'}”`}
        form={{
          ...form,
          restore: () => {
            form.restore()
            // A restored address is the one that was typed or made: it no longer follows.
            address.settle()
          },
        }}
        livePath={state === 'published' ? articlePath(base.slug) : undefined}
        onPreview={() => setPreviewing(true)}
        onDelete={!isNew && onDelete ? () => setDeleting(true) : undefined}
      />

      {scheduling && (
        <NewsPublishingPanel
          post={post}
          state={state}
          busy={publishing.busy || status.kind === 'saving'}
          done={publishing.done}
          problem={publishing.problem}
          now={now}
          unsent={unsent}
          onAction={(asked) =>
            void publishing.run(asked, {
              save: () => {
                focusAfterRender({ firstError: true })
                return form.save()
              },
              onSaved: address.settle,
            })
          }
        />
      )}

      <Surface documents={{ [ARTICLE_DOC]: surface }} onChange={onSurfaceChange}>
        <ArticleFields
          headingId={headingId}
          edited={edited}
          fields={fields}
          field={field}
          isNew={isNew}
          address={address}
        />
        <CardFields
          headingId={headingId}
          edited={edited}
          field={field}
          onShowInCarouselChange={(showInCarousel) => set({ showInCarousel })}
        />
        <BodyBlocks
          headingId={headingId}
          blocks={edited.content}
          surfaceBlocks={surface.blocks}
          errors={errors.blocks}
          routes={routes}
          newType={newType}
          onNewTypeChange={setNewType}
          onBlockChange={setBlock}
          onAddBlock={addBlock}
        />
      </Surface>

      {fields.post && <p className="editor-field__error">{fields.post}</p>}
      <FormSaveBar
        form={form}
        saveLabel={
          isNew
            ? 'Publish post'
            : state === 'draft'
              ? 'Save draft'
              : state === 'scheduled'
                ? 'Save changes'
                : 'Save post'
        }
        saveStatus={saveStatus}
        savedTo={[savedTo]}
        onSave={() => void save()}
        onDiscard={discard}
        what="this post"
      />

      <PreviewDialog open={previewing} onOpenChange={setPreviewing} title={title}>
        <NewsPostPreview post={previewPost} otherPosts={otherPosts} />
      </PreviewDialog>

      <ConfirmDialog
        open={deleting}
        title={`Delete “${base.title || 'Untitled post'}”?`}
        description={
          state === 'published'
            ? 'It leaves the site at once and its address stops working. Its earlier versions stay in the history.'
            : 'It was never on the site. Its earlier versions stay in the history.'
        }
        confirmLabel="Delete post"
        onConfirm={() => {
          setDeleting(false)
          void onDelete?.()
        }}
        onCancel={() => setDeleting(false)}
      />
    </section>
  )
}

function focusRequested(root: HTMLElement | null, request: FocusRequest): void {
  if (!root) return
  if ('addBlock' in request) {
    root.querySelector<HTMLElement>('[data-add-block]')?.focus()
    return
  }
  const block = [...root.querySelectorAll<HTMLElement>('[data-block-id]')].find(
    (element) => element.dataset.blockId === request.block,
  )
  // A block's first field: its text, its image, or its list's text box.
  block
    ?.querySelector<HTMLElement>(
      '.news-editor__fieldset input, .news-editor__fieldset textarea, .news-editor__fieldset img[tabindex], .news-editor__fieldset [contenteditable="true"]',
    )
    ?.focus()
}
