import { useId, useMemo, useRef, useState } from 'react'

import { saveErrorMessage } from '../../content/save-messages.ts'
import { formatClubDateTime } from '../../club/club-time.ts'
import { EditableList } from '../../editing/editable-list.tsx'
import { uniqueId } from '../../entities/unique-id.ts'
import type { NewsBlock, NewsBlockType, NewsDraft, NewsPost } from '../../entities/news-post.ts'
import { AdminStyle } from '../../ui/admin-style.tsx'
import { PlainSurface } from '../shared/draft-surface.tsx'
import type { DraftSurface } from '../shared/draft-surface.tsx'
import { PreviewDialog } from '../shared/preview-dialog.tsx'
import { RestoreBanner } from '../shared/draft-guards.tsx'
import { FormSaveBar } from '../shared/form-save-bar.tsx'
import type { SaveStatusText } from '../shared/save-bar.tsx'
import { textFieldBinder } from '../shared/text-field-binding.ts'
import { useDocumentDraft } from '../shared/use-document-draft.ts'
import type { StoredAs } from '../shared/use-document-draft.ts'
import { useFocusRequests } from '../shared/use-focus-requests.ts'
import { ConfirmDialog } from '../../ui/editor-dialog.tsx'
import { FormControlsStyle, SelectField, SwitchField, TextField } from '../shared/form-controls.tsx'
import { ARTICLE_DOC, BlockFields } from './block-fields.tsx'
import type { RouteOption } from './block-fields.tsx'
import { DateField } from './date-field.tsx'
import { ImageChoice } from './news-image-choice.tsx'
import { NewsPostPreview } from './news-post-preview.tsx'
import { NewsPublishingPanel } from './news-publishing-panel.tsx'
import type { PublishingAction, Unsent } from './news-publishing-panel.tsx'
import { asDraft, publishedNow, scheduled } from './news-schedule.ts'
import type { NewsPostState } from './news-schedule.ts'
import {
  BLOCK_TYPE_OPTIONS,
  blockLabel,
  fromArticleSurface,
  newBlock,
  toArticleSurface,
} from './news-blocks.ts'
import type { ArticleSurface } from './news-blocks.ts'
import newsCss from './news-editor.css?inline'
import { articlePath, slugify, uniqueSlug } from './news-slug.ts'
import { cleanNewsPost, countNewsPostProblems, validateNewsPost } from './news-validation.ts'
import type { NewsPostErrors } from './news-validation.ts'
import { Link } from '../../ui/link.tsx'

/**
 * Drafts and schedules: posts not published yet live in the staff-only `newsDrafts`, and the
 * database moves them (see NewsPublishingPanel). Each rejects to keep the draft and say why.
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
   * Called by Save with the post, cleaned and valid. A rejected promise keeps the draft and
   * shows "Could not save News." with the reason.
   */
  /** `base`: the post as the draft started from, so a save merges with a newer one. */
  onSave(post: NewsPost, base: NewsPost): Promise<unknown> | void
  /** Deletes the stored post (offered only when it is stored), after the user confirms. */
  onDelete?: (() => Promise<unknown> | void) | undefined
  /** The site's pages, offered as a button block's link. */
  routes: readonly RouteOption[]
  /** Gives the editing UI (block reordering, the photo picker, rich text) to the draft. */
  Surface?: DraftSurface | undefined
  /** The store's save state while a save of `newsPosts` shows it (spec §4, §8). */
  saveStatus?: SaveStatusText | undefined
  /** Where "All news posts" goes. */
  listPath?: string
}

type FocusRequest = { firstError: true } | { block: string } | { addBlock: true }

const NO_ERRORS: NewsPostErrors = { fields: {}, blocks: {} }

/**
 * The staff editor of one news post (spec §3 "News article"): its title and address (made
 * from the title while the post is new, and kept unique), date, author, summary and image;
 * the card fields and the carousel flag; and the body's blocks of the six types, each with its
 * colour, added, removed and reordered by drag or keyboard. Save checks the post and hands it
 * to `onSave`; Preview renders the draft with the public article page.
 *
 * @example
 * <NewsPostEditor post={post} isNew={false} otherPosts={others} routes={siteRoutes()}
 *   Surface={DraftEditingSurface} onSave={(next) => savePost(next)} onDelete={removePost} />
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
  listPath = '/admin/news',
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
  // What the next save does beyond storing the post: set by the publishing panel.
  const action = useRef<PublishingAction | null>(null)
  // Which document the last save went to, for its failure message.
  const [savedTo, setSavedTo] = useState<'newsPosts' | 'newsDrafts'>('newsPosts')
  const [publishingBusy, setPublishingBusy] = useState(false)
  const [publishingDone, setPublishingDone] = useState('')
  const [publishingProblem, setPublishingProblem] = useState('')
  // A move made elsewhere (published at its time, by another tab) retires the last message;
  // the move the last action made (its post arriving in its new place) does not.
  const [shownState, setShownState] = useState(state)
  const [madeState, setMadeState] = useState<NewsPostState | undefined>()
  if (shownState !== state) {
    setShownState(state)
    if (!publishingBusy && state !== madeState) setPublishingDone('')
  }
  const form = useDocumentDraft<NewsPost, NewsPost>({
    // A new post's draft is kept under one name, so that it is offered back on the next visit
    // to "New post" whatever id this visit made up.
    id: isNew ? 'newsPosts/new' : `newsPosts/${post.id}`,
    stored: post,
    // The schedule is the publishing panel's, not a field of the form.
    toDraft: (stored) => asDraft(stored),
    normalize: cleanNewsPost,
    check: (draft) => {
      const next = cleanNewsPost(draft)
      const count = countNewsPostProblems(validateNewsPost(next, takenSlugs))
      return count > 0 ? { ok: false, problems: count } : { ok: true, value: next }
    },
    save: (next, _draft, base) => {
      const asked = action.current
      action.current = null
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
  const { draft, base, checked, status, edit } = form
  const [slugFollowsTitle, setSlugFollowsTitle] = useState(isNew && post.slug === '')
  const [newType, setNewType] = useState<NewsBlockType>('paragraph')
  const [previewing, setPreviewing] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const { root, focusAfterRender } = useFocusRequests<FocusRequest>(focusRequested)

  const cleaned = cleanNewsPost(draft)
  const errors = checked ? validateNewsPost(cleaned, takenSlugs) : NO_ERRORS
  const problems = checked ? countNewsPostProblems(errors) : 0

  const set = (patch: Partial<NewsPost>) => edit({ ...draft, ...patch })
  const setTitle = (title: string) =>
    set(slugFollowsTitle ? { title, slug: uniqueSlug(slugify(title), takenSlugs) } : { title })
  const setBlock = (id: string, next: NewsBlock) =>
    set({ content: draft.content.map((block) => (block.id === id ? next : block)) })

  // Edits made with the editing UI (reorder, remove, list items, a picked photo) arrive whole.
  const onSurfaceChange = (_name: string, document: unknown) => {
    const next = fromArticleSurface(draft, document as ArticleSurface)
    if (next.content.length < draft.content.length) {
      const removedAt = draft.content.findIndex(
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
    set({ content: [...draft.content, block] })
  }

  const save = async () => {
    // Taken after the render that marks the problems, if there are any.
    focusAfterRender({ firstError: true })
    const saved = await form.save()
    if (saved === 'saved' || saved === 'kept') setSlugFollowsTitle(false)
  }

  const runAction = async (asked: PublishingAction) => {
    setPublishingDone('')
    setPublishingProblem('')
    if (asked.kind === 'unpublish') {
      setMadeState('draft')
      if (!scheduling) return
      setPublishingBusy(true)
      try {
        await scheduling.unpublish()
        setPublishingDone('Unpublished: it is off the site and kept here as a draft.')
      } catch (error) {
        setPublishingProblem(
          `${saveErrorMessage(['newsPosts'])} ${error instanceof Error ? error.message : ''}`.trim(),
        )
      } finally {
        setPublishingBusy(false)
      }
      return
    }
    action.current = asked
    setMadeState(
      asked.kind === 'publish' ? 'published' : asked.kind === 'schedule' ? 'scheduled' : 'draft',
    )
    focusAfterRender({ firstError: true })
    setPublishingBusy(true)
    try {
      const saved = await form.save()
      if (saved === 'saved') {
        setSlugFollowsTitle(false)
        setPublishingDone(
          asked.kind === 'publish'
            ? 'Published: it is on the site now.'
            : asked.kind === 'schedule'
              ? `Scheduled for ${formatClubDateTime(asked.at)}. It appears on the site by itself then.`
              : 'Saved as a draft. It is not on the site.',
        )
      }
    } finally {
      action.current = null
      setPublishingBusy(false)
    }
  }

  const discard = () => {
    form.discard()
    setSlugFollowsTitle(isNew && base.slug === '')
  }

  const title = draft.title.trim() || 'Untitled post'
  // The preview needs an address to find the post by; the draft comes first, so it wins.
  const previewPost = { ...cleaned, slug: cleaned.slug || 'preview' }
  const surface = toArticleSurface(draft)
  const fields = errors.fields
  const field = textFieldBinder(draft, fields, set)

  return (
    <section className="editor news-editor" aria-labelledby={headingId} ref={root}>
      <AdminStyle id="club-news-editor" css={newsCss} />
      <FormControlsStyle />
      <div className="news-editor__head">
        <p className="news-editor__back">
          <Link to={listPath}>← All news posts</Link>
        </p>
        <h2 id={headingId}>
          {isNew ? 'New news post' : `Edit “${base.title || 'Untitled post'}”`}
        </h2>
        <RestoreBanner
          offer={form.restoreOffer}
          what="this post"
          onRestore={() => {
            form.restore()
            // A restored address is the one that was typed or made: it no longer follows.
            setSlugFollowsTitle(false)
          }}
          onDecline={form.declineRestore}
        />
        <div className="editor-actions">
          {state === 'published' && (
            <a
              className="btn btn--outline"
              href={articlePath(base.slug)}
              target="_blank"
              rel="noopener noreferrer"
            >
              View live article <span className="visually-hidden">(opens in a new tab)</span>
            </a>
          )}
          <button type="button" className="btn btn--outline" onClick={() => setPreviewing(true)}>
            Preview
          </button>
          {!isNew && onDelete && (
            <button type="button" className="btn btn--danger" onClick={() => setDeleting(true)}>
              Delete post
            </button>
          )}
        </div>
      </div>

      {scheduling && (
        <NewsPublishingPanel
          post={post}
          state={state}
          busy={publishingBusy || status.kind === 'saving'}
          done={publishingDone}
          problem={publishingProblem}
          now={now}
          unsent={unsent}
          onAction={(asked) => void runAction(asked)}
        />
      )}

      <Surface documents={{ [ARTICLE_DOC]: surface }} onChange={onSurfaceChange}>
        <section className="news-editor__group" aria-labelledby={`${headingId}-article`}>
          <h3 id={`${headingId}-article`}>Article</h3>
          <div className="news-editor__card">
            <TextField
              label="Title"
              required
              value={draft.title}
              error={fields.title}
              onChange={setTitle}
            />
            <div className="news-editor__slug">
              <TextField
                label="Address"
                hint={`${articlePath(draft.slug || '…')}${
                  slugFollowsTitle
                    ? ' (made from the title)'
                    : isNew
                      ? ''
                      : '. Changing it breaks links to the old address.'
                }`}
                required
                value={draft.slug}
                error={fields.slug}
                onChange={(slug) => {
                  setSlugFollowsTitle(false)
                  set({ slug })
                }}
              />
              <button
                type="button"
                className="btn btn--outline btn--small"
                onClick={() => {
                  setSlugFollowsTitle(isNew)
                  set({ slug: uniqueSlug(slugify(draft.title), takenSlugs) })
                }}
              >
                Make the address from the title
              </button>
            </div>
            <div className="news-editor__row">
              <DateField label="Date" hint="Posts are listed newest first." {...field('date')} />
              <TextField label="Author" hint="Optional." {...field('author')} />
            </div>
            <TextField
              label="Summary"
              hint="A sentence or two, shown when the article is shared or found in a search."
              multiline
              {...field('excerpt')}
            />
            <ImageChoice
              label="Article image"
              hint="Shown at the top of the article. Select it to choose a photo from the library."
              path="articleImage"
              {...field('imageUrl')}
            />
          </div>
        </section>

        <section className="news-editor__group" aria-labelledby={`${headingId}-card`}>
          <h3 id={`${headingId}-card`}>Card</h3>
          <p className="news-editor__hint">
            How the post shows on the news list, on the home page and in the carousel. Empty fields
            use the article’s title, summary and image.
          </p>
          <div className="news-editor__card">
            <TextField label="Card title" {...field('cardTitle')} />
            <TextField label="Card summary" multiline {...field('cardExcerpt')} />
            <ImageChoice
              label="Card image"
              hint="Select it to choose a photo from the library."
              path="cardImage"
              {...field('cardImageUrl')}
            />
            {!draft.cardImageUrl.trim() && !draft.imageUrl.trim() && (
              <p className="news-editor__warning">
                <strong>This post has no card image.</strong> The news list, the home page and the
                carousel show its card as text only. Choose a card image or an article image to show
                a photo there.
              </p>
            )}
            <SwitchField
              label="Show in the carousel"
              hint="Featured stories lead the News & Updates page and the home page."
              checked={draft.showInCarousel}
              onCheckedChange={(showInCarousel) => set({ showInCarousel })}
            />
          </div>
        </section>

        <section className="news-editor__group" aria-labelledby={`${headingId}-body`}>
          <h3 id={`${headingId}-body`}>Body</h3>
          <p className="news-editor__hint">
            The article is made of blocks, shown in this order. Drag a block by its handle, or focus
            the handle and press Space, then the arrow keys, then Space again.
          </p>
          {draft.content.length === 0 && (
            <p className="news-editor__empty">No blocks yet. Add the first one below.</p>
          )}
          <EditableList
            className="news-editor__blocks"
            contentKey={ARTICLE_DOC}
            path={['blocks']}
            items={surface.blocks}
            itemKey={(block) => block.id}
            itemLabel={(_block, i) => blockLabel(draft.content[i] as NewsBlock, i)}
            itemProps={(block) => ({ className: 'news-editor__block', 'data-block-id': block.id })}
            renderItem={(_block, i) => {
              const block = draft.content[i] as NewsBlock
              return (
                <BlockFields
                  block={block}
                  index={i}
                  errors={errors.blocks[block.id] ?? {}}
                  routes={routes}
                  onChange={(next) => setBlock(block.id, next)}
                />
              )
            }}
          />
          <div className="news-editor__add">
            <SelectField
              label="New block"
              value={newType}
              options={BLOCK_TYPE_OPTIONS}
              onChange={(value) => setNewType(value as NewsBlockType)}
            />
            <button type="button" className="btn btn--outline" data-add-block="" onClick={addBlock}>
              Add block
            </button>
          </div>
        </section>
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
        problems={problems}
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
  if ('firstError' in request) {
    root.querySelector<HTMLElement>('[aria-invalid="true"], [data-error]')?.focus()
    return
  }
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
