import { EditableHtmlList } from '../../editing/editable-html-list.tsx'
import { BUTTON_VARIANTS } from '../../entities/common.ts'
import type { ButtonVariant } from '../../entities/common.ts'
import { MAX_NEWS_LIST_ITEMS } from '../../entities/news-post.ts'
import type { NewsBlock } from '../../entities/news-post.ts'
import { SelectField, TextField } from '../shared/form-controls.tsx'
import { PhotoFields } from '../shared/photo-fields.tsx'
import { BLOCK_TYPE_LABELS, blockColorOptions } from './news-blocks.ts'
import type { BlockErrors } from './news-validation.ts'

/** A page of the site a button can link to. */
export type RouteOption = { path: string; label: string }

/** The form document's name inside the editing surface (see ArticleSurface). */
export const ARTICLE_DOC = 'article'

const VARIANT_LABELS: Record<ButtonVariant, string> = {
  primary: 'Primary (filled)',
  secondary: 'Secondary',
  outline: 'Outline',
}

/** Props of {@link BlockFields}. */
export type BlockFieldsProps = {
  block: NewsBlock
  /** The block's place in the post (0-based); names its fields and its path in the surface. */
  index: number
  errors: BlockErrors
  routes: readonly RouteOption[]
  onChange(next: NewsBlock): void
}

/**
 * The fields of one article block, by type: the text of a heading or paragraph, a list's items
 * (rich text, added, removed and reordered), a button's words, link and style, an image's photo
 * (from the library), description and caption; and for every block its text colour.
 *
 * @example
 * <BlockFields block={block} index={0} errors={{}} routes={routes} onChange={replaceBlock} />
 */
export function BlockFields({ block, index, errors, routes, onChange }: BlockFieldsProps) {
  const which = `of block ${index + 1}`
  const name = BLOCK_TYPE_LABELS[block.type]
  return (
    <fieldset className="editor-fieldset news-editor__fieldset">
      <legend className="editor-legend news-editor__legend">
        Block {index + 1}: {name}
      </legend>
      {(block.type === 'heading2' || block.type === 'heading3' || block.type === 'paragraph') && (
        <TextField
          label="Text"
          labelSuffix={which}
          required
          multiline={block.type === 'paragraph'}
          value={block.text}
          error={errors.text}
          onChange={(text) => onChange({ ...block, text })}
        />
      )}
      {block.type === 'list' && <ListItems block={block} index={index} error={errors.items} />}
      {block.type === 'button' && (
        <>
          <TextField
            label="Button text"
            labelSuffix={which}
            required
            value={block.text}
            error={errors.text}
            onChange={(text) => onChange({ ...block, text })}
          />
          <div className="news-editor__row">
            <SelectField
              label="Page on this site"
              value={routes.some((route) => route.path === block.link) ? block.link : ''}
              options={[
                { value: '', label: 'Another address (type it below)' },
                ...routes.map((route) => ({ value: route.path, label: route.label })),
              ]}
              onChange={(link) => {
                if (link !== '') onChange({ ...block, link })
              }}
            />
            <TextField
              label="Link address"
              labelSuffix={which}
              hint="A site path such as /programs, or an https://, mailto: or tel: address."
              required
              value={block.link}
              error={errors.link}
              onChange={(link) => onChange({ ...block, link })}
            />
          </div>
          <SelectField
            label="Button style"
            value={block.variant}
            options={BUTTON_VARIANTS.map((value) => ({ value, label: VARIANT_LABELS[value] }))}
            onChange={(variant) => onChange({ ...block, variant: variant as ButtonVariant })}
          />
        </>
      )}
      {block.type === 'image' && (
        <PhotoFields
          contentKey={ARTICLE_DOC}
          at={['blocks', index]}
          photo={block}
          errors={errors}
          which={which}
          onChange={(patch) => onChange({ ...block, ...patch })}
        />
      )}
      <SelectField
        label="Text colour"
        hint="Only colours that keep the text easy to read are offered."
        value={block.colorClass}
        error={errors.colorClass}
        options={blockColorOptions(block.colorClass)}
        onChange={(colorClass) => onChange({ ...block, colorClass })}
      />
    </fieldset>
  )
}

/**
 * A list block's items: one rich-text box, typed in place (Enter starts the next bullet), its
 * items handed to the form as they are typed.
 */
function ListItems({
  block,
  index,
  error,
}: {
  block: Extract<NewsBlock, { type: 'list' }>
  index: number
  error: string | undefined
}) {
  return (
    <div className="news-editor__items">
      <p className="editor-field__label" id={`${block.id}-items`}>
        Items
      </p>
      <p className="editor-field__hint" id={`${block.id}-items-hint`}>
        Type the first item; Enter starts the next one. Select words to make them bold, italic or a
        link.
      </p>
      <EditableHtmlList
        className="news-editor__item-list"
        aria-describedby={`${block.id}-items-hint`}
        contentKey={ARTICLE_DOC}
        path={['blocks', index, 'items']}
        items={block.items}
        maxItems={MAX_NEWS_LIST_ITEMS}
        label={`items of block ${index + 1}`}
      />
      {error && (
        <p className="editor-field__error" data-error="items" tabIndex={-1}>
          {error}
        </p>
      )}
    </div>
  )
}
