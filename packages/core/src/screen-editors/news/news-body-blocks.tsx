import { EditableList } from '../../editing/editable-list.tsx'
import type { NewsBlock, NewsBlockType } from '../../entities/news-post.ts'
import { SelectField } from '../shared/form-controls.tsx'
import { ARTICLE_DOC, BlockFields } from './block-fields.tsx'
import type { RouteOption } from './block-fields.tsx'
import { BLOCK_TYPE_OPTIONS, blockLabel } from './news-blocks.ts'
import type { ArticleSurface } from './news-blocks.ts'
import type { NewsPostErrors } from './news-validation.ts'

/**
 * The article's body: its blocks in order, each with its fields, reordered by drag or keyboard
 * (through the editing surface), and a new block of a chosen type added at the end.
 */
export function BodyBlocks({
  headingId,
  blocks,
  surfaceBlocks,
  errors,
  routes,
  newType,
  onNewTypeChange,
  onBlockChange,
  onAddBlock,
}: {
  headingId: string
  blocks: readonly NewsBlock[]
  /** The same blocks as the editing surface holds them. */
  surfaceBlocks: ArticleSurface['blocks']
  errors: NewsPostErrors['blocks']
  routes: readonly RouteOption[]
  newType: NewsBlockType
  onNewTypeChange(type: NewsBlockType): void
  onBlockChange(id: string, next: NewsBlock): void
  onAddBlock(): void
}) {
  return (
    <section className="news-editor__group" aria-labelledby={`${headingId}-body`}>
      <h3 id={`${headingId}-body`}>Body</h3>
      <p className="news-editor__hint">
        The article is made of blocks, shown in this order. Drag a block by its handle, or focus the
        handle and press Space, then the arrow keys, then Space again.
      </p>
      {blocks.length === 0 && (
        <p className="news-editor__empty">No blocks yet. Add the first one below.</p>
      )}
      <EditableList
        className="news-editor__blocks"
        contentKey={ARTICLE_DOC}
        path={['blocks']}
        items={surfaceBlocks}
        itemKey={(block) => block.id}
        itemLabel={(_block, i) => blockLabel(blocks[i] as NewsBlock, i)}
        itemProps={(block) => ({
          className: 'editor-card news-editor__block',
          'data-block-id': block.id,
        })}
        renderItem={(_block, i) => {
          const block = blocks[i] as NewsBlock
          return (
            <BlockFields
              block={block}
              index={i}
              errors={errors[block.id] ?? {}}
              routes={routes}
              onChange={(next) => onBlockChange(block.id, next)}
            />
          )
        }}
      />
      <div className="news-editor__add">
        <SelectField
          label="New block"
          value={newType}
          options={BLOCK_TYPE_OPTIONS}
          onChange={(value) => onNewTypeChange(value as NewsBlockType)}
        />
        <button type="button" className="btn btn--outline" data-add-block="" onClick={onAddBlock}>
          Add block
        </button>
      </div>
    </section>
  )
}
