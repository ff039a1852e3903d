import { RestoreBanner } from '../shared/form-guards.tsx'
import type { RestorableForm } from '../shared/form-guards.tsx'
import { Link } from '../../ui/link.tsx'

/**
 * The top of the news post editor: the way back to the list, the heading, the offer of unsaved
 * changes kept on this device, and the post's actions (view live, preview, delete).
 */
export function NewsEditorHead({
  headingId,
  listPath,
  heading,
  form,
  livePath,
  onPreview,
  onDelete,
}: {
  headingId: string
  listPath: string
  heading: string
  /** The post's form, for the offer of unsaved changes kept on this device. */
  form: RestorableForm
  /** The published article's address (only a published post has one). */
  livePath: string | undefined
  onPreview(): void
  /** Asks to delete the post (only a stored post can be). */
  onDelete: (() => void) | undefined
}) {
  return (
    <div className="news-editor__head">
      <p className="news-editor__back">
        <Link to={listPath}>← All news posts</Link>
      </p>
      <h2 id={headingId}>{heading}</h2>
      <RestoreBanner form={form} what="this post" />
      <div className="editor-actions">
        {livePath !== undefined && (
          <a className="btn btn--outline" href={livePath} target="_blank" rel="noopener noreferrer">
            View live article <span className="visually-hidden">(opens in a new tab)</span>
          </a>
        )}
        <button type="button" className="btn btn--outline" onClick={onPreview}>
          Preview
        </button>
        {onDelete && (
          <button type="button" className="btn btn--danger" onClick={onDelete}>
            Delete post
          </button>
        )}
      </div>
    </div>
  )
}
