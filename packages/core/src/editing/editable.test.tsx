// @vitest-environment jsdom
import { ArticleOf } from '../../test-utils/article-of.tsx'
import { renderToString } from 'react-dom/server'
import { Fragment } from 'react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT as D } from '../defaults/default-content.ts'
import { AboutPage } from '../pages/about/about-page.tsx'
import { AlumniPage } from '../pages/alumni/alumni-page.tsx'
import { FieldsPage } from '../pages/fields/fields-page.tsx'
import { HomePage } from '../pages/home/home-page.tsx'
import { ProgramPage } from '../pages/program/program-page.tsx'
import { ProgramsPage } from '../pages/programs/programs-page.tsx'
import { RulesPage } from '../pages/rules/rules-page.tsx'
import { TeamPage } from '../pages/team/team-page.tsx'
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
  ['about', <AboutPage aboutContent={D.aboutContent} />],
  ['rules', <RulesPage content={D.rulesAndFaqContent} />],
  ['news article', <ArticleOf posts={D.newsPosts} slug={D.newsPosts[0]?.slug ?? ''} />],
  [
    'team',
    <TeamPage teamKey={Object.keys(D.teams)[0] ?? ''} teams={D.teams} staff={D.staff} now={now} />,
  ],
  [
    'program',
    <ProgramPage
      slug="select"
      programsContent={D.programsContent}
      staff={D.staff}
      teams={D.teams}
    />,
  ],
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

  it('should render Fragment items as the list element’s own children', () => {
    const markup = html(
      <EditableList
        as="div"
        contentKey="c"
        path={[]}
        items={['a', 'b']}
        itemAs={Fragment}
        itemKey={(item) => item}
        renderItem={(item) => <p>{item}</p>}
      />,
    )
    expect(markup).toBe('<div><p>a</p><p>b</p></div>')
  })

  it('should render what stands for an empty list instead of the list element', () => {
    const markup = html(
      <EditableList
        contentKey="c"
        path={[]}
        items={[]}
        itemKey={String}
        renderItem={String}
        empty={<p>None yet.</p>}
      />,
    )
    expect(markup).toBe('<p>None yet.</p>')
  })

  it('should render nothing for an empty list whose stand-in is null', () => {
    const list = (
      <EditableList
        contentKey="c"
        path={[]}
        items={[]}
        itemKey={String}
        renderItem={String}
        empty={null}
      />
    )
    expect(html(list)).toBe('')
  })

  it('should render a Fragment text as the text alone', () => {
    expect(html(<EditableText as={Fragment} contentKey="c" path={['t']} value="Aug 14" />)).toBe(
      'Aug 14',
    )
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

  it('should show an empty list’s stand-in and then its editor, for the first Add', () => {
    const list = (
      <EditableList
        contentKey="c"
        path={[]}
        items={[]}
        itemKey={String}
        renderItem={String}
        empty={<p>None yet.</p>}
      />
    )
    expect(html(list, editing)).toBe('<p>None yet.</p><b>LIST EDITOR</b>')
  })

  it('should give the editor a div for each Fragment item, to hold its controls', () => {
    let itemAs: unknown
    const List: EditorSlots['List'] = (props) => {
      itemAs = props.itemAs
      return null
    }
    html(
      <EditableList
        contentKey="c"
        path={[]}
        items={['a']}
        itemAs={Fragment}
        itemKey={String}
        renderItem={String}
      />,
      { isEditing: true, editors: { List } },
    )
    expect(itemAs).toBe('div')
  })

  it('should type a Fragment text in a span', () => {
    let as: unknown
    const Text: EditorSlots['Text'] = (props) => {
      as = props.as
      return null
    }
    html(<EditableText as={Fragment} contentKey="c" path={['t']} value="x" />, {
      isEditing: true,
      editors: { Text },
    })
    expect(as).toBe('span')
  })
})

describe('EditableImage and a photo’s copies', () => {
  const BASE = `https://db.example.org/storage/v1/object/public/photo-library/library/ab/${'ab'.repeat(32)}`
  const image = (src: string, priority = false) =>
    html(
      <EditableImage
        contentKey="c"
        path={['i']}
        src={src}
        alt=""
        width={1200}
        height={675}
        sizes="(min-width: 48rem) 46rem, 100vw"
        priority={priority}
      />,
    )

  it('should offer the medium copy and the photo by width, keeping the size and laziness', () => {
    const markup = image(`${BASE}.jpg#widths=800,1600`)
    expect(markup).toContain(`src="${BASE}.jpg"`)
    expect(markup).toContain(`srcSet="${BASE}-800w.jpg 800w, ${BASE}.jpg 1600w"`)
    expect(markup).toContain('sizes="(min-width: 48rem) 46rem, 100vw"')
    expect(markup).toContain('width="1200"')
    expect(markup).toContain('height="675"')
    expect(markup).toContain('loading="lazy"')
    expect(markup).not.toContain('#widths')
  })

  it('should load the likely largest paint at once, with high priority', () => {
    const markup = image(`${BASE}.jpg#widths=800,1600`, true)
    expect(markup).toContain('loading="eager"')
    expect(markup).toContain('fetchPriority="high"')
  })

  it('should load a photo stored before medium copies existed from its one copy', () => {
    const markup = image(`${BASE}.jpg`)
    expect(markup).toContain(`src="${BASE}.jpg"`)
    expect(markup).not.toContain('srcSet')
    expect(markup).not.toContain('sizes')
  })
})
