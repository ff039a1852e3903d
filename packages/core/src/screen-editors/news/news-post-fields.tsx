import type { NewsPost } from '../../entities/news-post.ts'
import { SwitchField, TextField } from '../shared/form-controls.tsx'
import type { BoundTextField, TextFieldName } from '../shared/text-field-binding.ts'
import { DateField } from './date-field.tsx'
import { ImageChoice } from './news-image-choice.tsx'
import { articlePath } from './news-slug.ts'
import type { NewsPostErrors } from './news-validation.ts'
import type { PostAddress } from './use-post-address.ts'

/** A text field of the post bound to its control (`textFieldBinder`). */
type FieldOf = (name: TextFieldName<NewsPost>) => BoundTextField

/**
 * The article's own fields: title, address (made from the title while `address` follows it),
 * date, author, summary and image.
 */
export function ArticleFields({
  headingId,
  edited,
  fields,
  field,
  isNew,
  address,
}: {
  headingId: string
  edited: NewsPost
  fields: NewsPostErrors['fields']
  field: FieldOf
  isNew: boolean
  /** The address and title's rule (usePostAddress). */
  address: PostAddress
}) {
  return (
    <section className="news-editor__group" aria-labelledby={`${headingId}-article`}>
      <h3 id={`${headingId}-article`}>Article</h3>
      <div className="editor-card news-editor__card">
        <TextField
          label="Title"
          required
          value={edited.title}
          error={fields.title}
          onChange={address.setTitle}
        />
        <div className="news-editor__slug">
          <TextField
            label="Address"
            hint={`${articlePath(edited.slug || '…')}${
              address.followsTitle
                ? ' (made from the title)'
                : isNew
                  ? ''
                  : '. Changing it breaks links to the old address.'
            }`}
            required
            value={edited.slug}
            error={fields.slug}
            onChange={address.setSlug}
          />
          <button
            type="button"
            className="btn btn--outline btn--small"
            onClick={address.makeFromTitle}
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
  )
}

/** How the post shows as a card: its own title, summary and image, and the carousel flag. */
export function CardFields({
  headingId,
  edited,
  field,
  onShowInCarouselChange,
}: {
  headingId: string
  edited: NewsPost
  field: FieldOf
  onShowInCarouselChange(showInCarousel: boolean): void
}) {
  return (
    <section className="news-editor__group" aria-labelledby={`${headingId}-card`}>
      <h3 id={`${headingId}-card`}>Card</h3>
      <p className="news-editor__hint">
        How the post shows on the news list, on the home page and in the carousel. Empty fields use
        the article’s title, summary and image.
      </p>
      <div className="editor-card news-editor__card">
        <TextField label="Card title" {...field('cardTitle')} />
        <TextField label="Card summary" multiline {...field('cardExcerpt')} />
        <ImageChoice
          label="Card image"
          hint="Select it to choose a photo from the library."
          path="cardImage"
          {...field('cardImageUrl')}
        />
        {!edited.cardImageUrl.trim() && !edited.imageUrl.trim() && (
          <p className="news-editor__warning">
            <strong>This post has no card image.</strong> The news list, the home page and the
            carousel show its card as text only. Choose a card image or an article image to show a
            photo there.
          </p>
        )}
        <SwitchField
          label="Show in the carousel"
          hint="Featured stories lead the News & Updates page and the home page."
          checked={edited.showInCarousel}
          onCheckedChange={onShowInCarouselChange}
        />
      </div>
    </section>
  )
}
