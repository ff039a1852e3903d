// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it } from 'vitest'

import { PagedList } from './paged-list.tsx'

type Item = { id: string; name: string }
const items = (count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({ id: `item-${i}`, name: `Item ${i}` }))

function List({ count, pageSize = 10 }: { count: number; pageSize?: number }) {
  return (
    <PagedList
      items={items(count)}
      pageSize={pageSize}
      itemKey={(item) => item.id}
      anchorOf={(item) => item.id}
      noun="items"
      listProps={{ 'aria-label': 'Items' }}
      renderItem={(item) => (
        <li id={item.id}>
          <a href={`/items/${item.id}`}>{item.name}</a>
        </li>
      )}
    />
  )
}

const shownItems = () => screen.getByRole('list', { name: 'Items' }).querySelectorAll('li')

afterEach(() => {
  cleanup()
  window.location.hash = ''
})

describe('PagedList', () => {
  it('should render only the first page, with a button naming the next page and the total', () => {
    render(<List count={25} />)
    expect(shownItems()).toHaveLength(10)
    expect(screen.getByRole('button', { name: 'Show 10 more (of 25 items)' })).toBeTruthy()
  })

  it('should prerender only the first page', () => {
    // React separates adjacent text in its HTML with empty comments.
    const html = renderToString(<List count={10_000} />).replaceAll('<!-- -->', '')
    expect(html.match(/<li /g)).toHaveLength(10)
    expect(html).toContain('Show 10 more')
    expect(html).toContain('(of 10,000 items)')
  })

  it('should add a page per press, move focus to the first new item and say how many show', () => {
    render(<List count={25} />)
    fireEvent.click(screen.getByRole('button', { name: /Show 10 more/ }))
    expect(shownItems()).toHaveLength(20)
    expect(document.activeElement).toBe(shownItems()[10])
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1')
    expect(screen.getByRole('status').textContent).toBe('Showing 20 of 25.')

    fireEvent.click(screen.getByRole('button', { name: 'Show 5 more (of 25 items)' }))
    expect(shownItems()).toHaveLength(25)
    expect(document.activeElement?.textContent).toBe('Item 20')
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('should show no button when everything fits on the first page', () => {
    render(<List count={10} />)
    expect(shownItems()).toHaveLength(10)
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('should reveal an item further on when the address names it, and the pages before it', () => {
    window.location.hash = '#item-23'
    render(<List count={40} />)
    expect(shownItems()).toHaveLength(30)
    expect(document.getElementById('item-23')).not.toBeNull()

    act(() => {
      window.location.hash = '#item-35'
      window.dispatchEvent(new HashChangeEvent('hashchange'))
    })
    expect(shownItems()).toHaveLength(40)
  })
})
