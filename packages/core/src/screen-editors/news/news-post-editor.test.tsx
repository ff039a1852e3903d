// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { defaultNewsPosts } from '../../defaults/news-posts.ts'
import type { NewsPost } from '../../entities/news-post.ts'
import { press, tabTo } from '../../../test-utils/keyboard-testing.ts'
import { newNewsPost } from './news-blocks.ts'
import { NewsPostEditor } from './news-post-editor.tsx'
import type { NewsPostEditorProps } from './news-post-editor.tsx'

afterEach(cleanup)

const Router = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>
const ROUTES = [
  { path: '/programs', label: 'Programs (/programs)' },
  { path: '/contact', label: 'Contact (/contact)' },
]
const stored = defaultNewsPosts[0] as NewsPost
const others = defaultNewsPosts.slice(1)

function show(overrides: Partial<NewsPostEditorProps> = {}) {
  const onSave = vi.fn<(post: NewsPost, base: NewsPost) => Promise<unknown> | void>(() =>
    Promise.resolve(),
  )
  const onDelete = vi.fn(() => Promise.resolve())
  render(
    <NewsPostEditor
      post={stored}
      isNew={false}
      otherPosts={others}
      routes={ROUTES}
      onSave={onSave}
      onDelete={onDelete}
      {...overrides}
    />,
    { wrapper: Router },
  )
  return { onSave, onDelete }
}

function showNew(overrides: Partial<NewsPostEditorProps> = {}) {
  return show({
    post: newNewsPost('news-new', new Date('2026-11-20T15:00:00Z')),
    isNew: true,
    otherPosts: defaultNewsPosts,
    onDelete: undefined,
    ...overrides,
  })
}

const button = (name: string | RegExp) => screen.getByRole('button', { name })
const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement
const block = (n: number) => screen.getByRole('group', { name: new RegExp(`^Block ${n}:`) })

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element)
  })
}

function change(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } })
}

async function addBlock(type: string) {
  change(field('New block'), type)
  await click(button('Add block'))
}

describe('<NewsPostEditor/> address', () => {
  it('should make a new post’s address from its title as it is typed', () => {
    showNew()
    change(field('Title'), 'Opening Day & Picnic!')
    expect(field(/^Address/).value).toBe('opening-day-and-picnic')
  })

  it('should keep the address unique among the posts', () => {
    showNew()
    // A title whose address is the stored post's (whatever that post's own title now says).
    change(field('Title'), stored.slug.replace(/-/g, ' '))
    expect(field(/^Address/).value).toBe(`${stored.slug}-2`)
  })

  it('should stop following the title once the address is typed by hand', () => {
    showNew()
    change(field('Title'), 'Opening Day')
    change(field(/^Address/), 'opening')
    change(field('Title'), 'Opening Day Picnic')
    expect(field(/^Address/).value).toBe('opening')
  })

  it('should keep a stored post’s address when its title changes', () => {
    show()
    change(field('Title'), 'Registration closes soon')
    expect(field(/^Address/).value).toBe(stored.slug)
  })

  it('should remake a stored post’s address from its title on request', async () => {
    show()
    change(field('Title'), 'Registration closes soon')
    await click(button('Make the address from the title'))
    expect(field(/^Address/).value).toBe('registration-closes-soon')
  })

  it('should refuse an address another post uses, next to the field', async () => {
    const { onSave } = show()
    change(field(/^Address/), others[0]?.slug ?? '')
    await click(button('Save post'))
    const address = field(/^Address/)
    expect([
      onSave.mock.calls.length,
      address.getAttribute('aria-invalid'),
      screen.getByText(/^Another post already uses/).id,
    ]).toEqual([0, 'true', address.getAttribute('aria-describedby')?.split(' ').at(-1)])
  })
})

describe('<NewsPostEditor/> fields', () => {
  it('should save a stored post with the post its form started from', async () => {
    const { onSave } = show()
    change(field('Title'), 'Registration closes soon')
    await click(button('Save post'))
    expect([onSave.mock.calls[0]?.[0].title, onSave.mock.calls[0]?.[1]]).toEqual([
      'Registration closes soon',
      stored,
    ])
  })

  it('should publish a new post with its fields, cleaned', async () => {
    const { onSave } = showNew()
    change(field('Title'), '  Fall Ball Registration  ')
    change(field('Author'), 'Club Staff')
    change(field('Summary'), 'Fall ball starts in September.')
    change(field('Card title'), 'Fall ball')
    await click(screen.getByRole('switch', { name: 'Show in the carousel' }))
    await addBlock('paragraph')
    change(within(block(1)).getByLabelText(/^Text of/), 'Sign up by August 15.')
    await click(button('Publish post'))
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      id: 'news-new',
      slug: 'fall-ball-registration',
      title: 'Fall Ball Registration',
      author: 'Club Staff',
      date: '2026-11-20',
      excerpt: 'Fall ball starts in September.',
      cardTitle: 'Fall ball',
      showInCarousel: true,
      content: [{ type: 'paragraph', text: 'Sign up by August 15.', colorClass: '' }],
    })
  })

  it('should ask for a title and a date, each next to its field', async () => {
    const { onSave } = showNew()
    change(field('Date'), '')
    await click(button('Publish post'))
    expect([
      onSave.mock.calls.length,
      screen.getByText('Give the post a title.').id,
      screen.getByText('Choose the date the post is published.').id,
      document.activeElement,
    ]).toEqual([
      0,
      field('Title').getAttribute('aria-describedby'),
      field(/^Date/).getAttribute('aria-describedby')?.split(' ').at(-1),
      field('Title'),
    ])
  })

  it('should keep the form and give the spec’s message when the save fails', async () => {
    show({ onSave: () => Promise.reject(new Error('Someone else saved this first.')) })
    change(field('Title'), 'Changed')
    await click(button('Save post'))
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not save News. Someone else saved this first.',
    )
  })
})

describe('<NewsPostEditor/> blocks', () => {
  it('should add one block of each of the six types, in order', async () => {
    const { onSave } = showNew()
    change(field('Title'), 'Every block')
    for (const type of ['heading2', 'heading3', 'paragraph', 'list', 'button', 'image']) {
      await addBlock(type)
    }
    change(within(block(1)).getByLabelText(/^Text of/), 'Heading')
    change(within(block(2)).getByLabelText(/^Text of/), 'Subheading')
    change(within(block(3)).getByLabelText(/^Text of/), 'Words')
    await click(button('Publish post'))
    // The list, button and image still need what only their editors give: nothing is saved.
    expect([
      onSave.mock.calls.length,
      screen
        .getAllByRole('group', { name: /^Block \d:/ })
        .map((g) => g.querySelector('legend')?.textContent),
    ]).toEqual([
      0,
      [
        'Block 1: Heading',
        'Block 2: Subheading',
        'Block 3: Paragraph',
        'Block 4: Bulleted list',
        'Block 5: Button',
        'Block 6: Image',
      ],
    ])
  })

  it('should say what each unfinished block still needs, next to it', async () => {
    showNew()
    change(field('Title'), 'Unfinished')
    await addBlock('list')
    await addBlock('button')
    await addBlock('image')
    await click(button('Publish post'))
    expect([
      within(block(1)).getByText('Add at least one item, or remove the block.'),
      within(block(2)).getByText('Type the words on the button.'),
      within(block(2)).getByText('Choose where the button goes.'),
      within(block(3)).getByText('Choose a photo from the library.'),
      within(block(3)).getByText('Describe the photo for people who cannot see it.'),
      screen.getByRole('alert').textContent,
    ]).toEqual([...Array(5).fill(expect.anything()), 'Fix 5 problems marked above before saving.'])
  })

  it('should move focus to the new block’s text, from the keyboard', async () => {
    showNew()
    tabTo(button('Add block'))
    await press('Enter')
    expect(document.activeElement).toBe(within(block(1)).getByLabelText(/^Text of/))
  })

  it('should link a button to the page chosen from the site’s pages', async () => {
    const { onSave } = showNew()
    change(field('Title'), 'A button')
    await addBlock('button')
    change(within(block(1)).getByLabelText(/^Button text/), 'Contact us')
    change(within(block(1)).getByLabelText('Page on this site'), '/contact')
    change(within(block(1)).getByLabelText('Button style'), 'outline')
    await click(button('Publish post'))
    expect(onSave.mock.calls[0]?.[0].content[0]).toMatchObject({
      type: 'button',
      text: 'Contact us',
      link: '/contact',
      variant: 'outline',
    })
  })

  it('should refuse a javascript: link typed for a button', async () => {
    const { onSave } = showNew()
    change(field('Title'), 'A button')
    await addBlock('button')
    change(within(block(1)).getByLabelText(/^Button text/), 'Click')
    change(within(block(1)).getByLabelText(/^Link address/), 'javascript:alert(1)')
    await click(button('Publish post'))
    expect([
      onSave.mock.calls.length,
      within(block(1))
        .getByLabelText(/^Link address/)
        .getAttribute('aria-invalid'),
    ]).toEqual([0, 'true'])
  })

  it('should save a block’s colour class', async () => {
    const { onSave } = show()
    change(within(block(1)).getByLabelText(/^Text colour/), 'text-navy')
    await click(button('Save post'))
    expect(onSave.mock.calls[0]?.[0].content[0]?.colorClass).toBe('text-navy')
  })

  it('should keep a stored colour class the list does not offer', async () => {
    show()
    const colour = within(block(1)).getByLabelText(/^Text colour/) as HTMLSelectElement
    expect(colour.value).toBe(stored.content[0]?.colorClass)
  })

  it('should show a list block’s items as the article shows them', () => {
    show()
    const list = screen.getByRole('group', { name: 'Block 3: Bulleted list' })
    expect(within(list).getAllByText(/Financial aid/)[0]?.innerHTML).toContain('<em>')
  })
})

describe('<NewsPostEditor/> preview and delete', () => {
  it('should preview the edited post with the public article page', async () => {
    show()
    change(field('Title'), 'Spring Registration Closes Friday')
    await click(button('Preview'))
    const preview = screen.getByRole('dialog', {
      name: 'Preview: Spring Registration Closes Friday',
    })
    expect([
      within(preview).getByRole('heading', { level: 1 }).textContent,
      within(preview).getByRole('heading', { name: 'Programs for every age' }).tagName,
    ]).toEqual(['Spring Registration Closes Friday', 'H2'])
  })

  it('should delete the post only once the user confirms', async () => {
    const { onDelete } = show()
    await click(button('Delete post'))
    const dialog = screen.getByRole('dialog', { name: `Delete “${stored.title}”?` })
    await click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await click(button('Delete post'))
    const calledBefore = onDelete.mock.calls.length
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete post' }))
    expect([calledBefore, onDelete.mock.calls.length]).toEqual([0, 1])
  })

  it('should offer no Delete for a post not saved yet', () => {
    showNew()
    expect(screen.queryByRole('button', { name: 'Delete post' })).toBeNull()
  })
})
