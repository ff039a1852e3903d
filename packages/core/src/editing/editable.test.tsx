// @vitest-environment jsdom
import { renderToString } from 'react-dom/server'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT as D } from '../defaults/default-content.ts'
import { AlumniPage } from '../pages/alumni/alumni-page.tsx'
import { FieldsPage } from '../pages/fields/fields-page.tsx'
import { HomePage } from '../pages/home/home-page.tsx'
import { ProgramsPage } from '../pages/programs/programs-page.tsx'
import { EditableImage, EditableRegion, EditableText } from './editable.tsx'
import { EditableHtml } from './editable-html.tsx'
import { EditableList } from './editable-list.tsx'
import { EditingContext } from './editing-context.ts'
import type { EditingContextValue, EditorSlots } from './editing-context.ts'

// Editors that would replace everything they are given: if any reached a visitor's page,
// the markup would show it.
const LOUD: EditorSlots = {
  Text: () => <b>TEXT EDITOR</b>,
  Html: () => <b>HTML EDITOR</b>,
  Image: () => <b>IMAGE EDITOR</b>,
  Link: () => <b>LINK EDITOR</b>,
  List: () => <b>LIST EDITOR</b>,
}

function html(node: ReactNode, editing?: EditingContextValue) {
  const page = <MemoryRouter>{node}</MemoryRouter>
  return renderToString(
    editing ? <EditingContext.Provider value={editing}>{page}</EditingContext.Provider> : page,
  )
}

const now = new Date('2026-11-23T15:00:00Z')
const PAGES: [string, ReactNode][] = [
  [
    'home',
    <HomePage
      content={D.content}
      quickLinks={D.quickLinks}
      legacyStats={D.legacyStats}
      newsPosts={D.newsPosts}
      clinics={D.clinics}
      now={now}
    />,
  ],
  ['fields', <FieldsPage fieldsContent={D.fieldsContent} />],
  ['programs', <ProgramsPage programCards={D.programCards} programsContent={D.programsContent} />],
  ['alumni', <AlumniPage alumni={D.alumni} />],
]

describe('the editable primitives for visitors', () => {
  it.each(PAGES)('should render the %s page byte for byte as without any provider', (_, page) => {
    expect(html(page, { isEditing: false, editors: LOUD })).toBe(html(page))
  })

  it('should render a list as the list element with one item element per item', () => {
    const markup = html(
      <EditableList
        className="links"
        contentKey="quickLinks"
        path={[]}
        items={['a', 'b']}
        itemKey={(item) => item}
        itemProps={() => ({ className: 'link' })}
        renderItem={(item) => item}
      />,
    )
    expect(markup).toBe('<ul class="links"><li class="link">a</li><li class="link">b</li></ul>')
  })
})

describe('the editable primitives in edit mode without editors', () => {
  it('should mark a text with its key and path', () => {
    const markup = html(<EditableText contentKey="content" path={['hero', 'title']} value="Hi" />, {
      isEditing: true,
    })
    expect(markup).toBe(
      '<span data-edit-key="content" data-edit-path="[&quot;hero&quot;,&quot;title&quot;]" data-edit-kind="text">Hi</span>',
    )
  })
})

describe('the editable primitives in edit mode', () => {
  const editing = { isEditing: true, editors: LOUD }

  it.each([
    ['Text', <EditableText contentKey="c" path={['t']} value="x" />],
    ['Html', <EditableHtml contentKey="c" path={['h']} html="x" />],
    [
      'Image',
      <EditableImage contentKey="c" path={['i']} src="/a.jpg" alt="" width={1} height={1} />,
    ],
    [
      'Link',
      <EditableRegion contentKey="c" path={['l']}>
        x
      </EditableRegion>,
    ],
    [
      'List',
      <EditableList
        contentKey="c"
        path={[]}
        items={['x']}
        itemKey={(i) => i}
        renderItem={(i) => i}
      />,
    ],
  ])('should hand a %s value to its editor', (slot, node) => {
    expect(html(node, editing)).toBe(`<b>${slot.toUpperCase()} EDITOR</b>`)
  })
})
