import { describe, expect, it } from 'vitest'

import { EditableText } from '../editing/editable.tsx'
import { documentLocation } from './document-path.ts'
import type { DocumentPath } from './document-path.ts'

// The checks that matter here are tsc's: `pnpm typecheck` fails when an @ts-expect-error below
// is not needed, that is when a wrong path compiles.
describe('DocumentPath', () => {
  it('should take the paths a document has and refuse the others', () => {
    const title: DocumentPath<'content'> = ['hero', 'title']
    // @ts-expect-error: the home document has no `titel`
    const typo: DocumentPath<'content'> = ['hero', 'titel']
    const player: DocumentPath<'teams'> = ['select-13u', 'roster', 0, 'name']
    // @ts-expect-error: a roster is a list: its steps are indexes
    const named: DocumentPath<'teams'> = ['select-13u', 'roster', 'first', 'name']
    const block: DocumentPath<'newsPosts'> = [0, 'content', 1, 'text']
    expect([title, typo, player, named, block]).toHaveLength(5)
    expect(documentLocation('content', title)).toEqual({
      contentKey: 'content',
      path: ['hero', 'title'],
    })
  })

  it('should check the path props of the editable primitives against their key', () => {
    const fields = [
      <EditableText key="1" contentKey="content" path={['hero', 'title']} value="" />,
      // @ts-expect-error: `title` is the home document's, not the alerts'
      <EditableText key="2" contentKey="alerts" path={['hero', 'title']} value="" />,
      // An editor's own form (not a content key) takes any path: the edit-paths test checks pages.
      <EditableText key="3" contentKey="about" path={['anything', 1]} value="" />,
    ]
    expect(fields.map((field) => field.props.contentKey)).toEqual(['content', 'alerts', 'about'])
  })
})
