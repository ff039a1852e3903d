// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { CHANGES_SHOWN, ChangeList } from './change-list.tsx'
import { presentChanges } from './change-presentation.ts'

afterEach(cleanup)

function show(before: unknown, after: unknown) {
  render(
    <ChangeList
      changes={presentChanges(before, after)}
      beforeLabel="Version 3"
      afterLabel="Current version"
      label="Changes"
    />,
  )
  return screen.queryByRole('list', { name: 'Changes' })
}

describe('<ChangeList/>', () => {
  it('should strike removed words and mark added ones, saying so to screen readers', () => {
    const list = show({ mainText: 'Fields open at dawn' }, { mainText: 'Fields open at noon' })
    const item = within(list!).getByRole('listitem')
    expect(item.textContent).toBe('ChangedMain textFields open at [removed: dawn][added: noon]')
    expect(item.querySelector('del')?.textContent).toBe('[removed: dawn]')
    expect(item.querySelector('ins')?.textContent).toBe('[added: noon]')
  })

  it('should show an old and a new value side by side under their names', () => {
    const list = show(
      [{ id: 'a', title: 'Rain delay', isPinned: false }],
      [{ id: 'a', title: 'Rain delay', isPinned: true }],
    )
    const item = within(list!).getByRole('listitem')
    expect(within(item).getByText('“Rain delay” › Pinned')).toBeTruthy()
    const terms = [...item.querySelectorAll('dt')].map((dt) => dt.textContent)
    const values = [...item.querySelectorAll('dd')].map((dd) => dd.textContent)
    expect([terms, values]).toEqual([
      ['Version 3', 'Current version'],
      ['No', 'Yes'],
    ])
  })

  it('should say when there is no difference', () => {
    expect(show({ a: 1 }, { a: 1 })).toBeNull()
    expect(screen.getByText('The two versions are the same.')).toBeTruthy()
  })

  it('should show the first changes of a long list until asked for all', () => {
    const before = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`field${i}`, 'old']))
    const after = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`field${i}`, 'new']))
    const list = show(before, after)
    expect(within(list!).getAllByRole('listitem')).toHaveLength(CHANGES_SHOWN)
    fireEvent.click(screen.getByRole('button', { name: 'Show all 60 changes' }))
    expect(within(list!).getAllByRole('listitem')).toHaveLength(60)
  })
})
