import { describe, expect, it } from 'vitest'

import { defaultAlerts } from '../defaults/alerts.ts'
import { fieldLabel } from '../entities/field-names.ts'
import { htmlToText, presentChanges, valueView, withContext } from './change-presentation.ts'

const alert = defaultAlerts[0]!

describe('fieldLabel', () => {
  it('should split a field name into words for people', () => {
    expect(fieldLabel('cardTitle')).toBe('Card title')
    expect(fieldLabel('legacyImpact')).toBe('Legacy impact')
    expect(fieldLabel('status_type')).toBe('Status type')
    expect(fieldLabel('isActive')).toBe('Active')
    expect(fieldLabel('cardImageUrl')).toBe('Card image')
  })
})

describe('htmlToText', () => {
  it('should keep the words of rich text, one line per paragraph or list item', () => {
    expect(
      htmlToText('<p>Bring <strong>water</strong> &amp; snacks</p><ul><li>Cleats</li></ul>'),
    ).toBe('Bring water & snacks\n• Cleats')
  })
})

describe('valueView', () => {
  it('should show yes or no for a switch and the site’s date for a date', () => {
    expect(valueView(true)).toEqual({ kind: 'text', text: 'Yes' })
    expect(valueView('2026-11-02')).toEqual({ kind: 'text', text: 'November 2, 2026' })
    expect(valueView('2026-11-02T20:05:00.000Z')).toEqual({
      kind: 'text',
      text: 'November 2, 2026, 3:05 PM',
    })
  })

  it('should show a group by its fields, leaving the id out', () => {
    expect(valueView({ id: 'x', title: 'Rain delay', isPinned: false })).toEqual({
      kind: 'fields',
      fields: [
        { label: 'Title', text: 'Rain delay' },
        { label: 'Pinned', text: 'No' },
      ],
      more: 0,
    })
  })

  it('should show a list by its first items and count the rest', () => {
    const view = valueView(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])
    expect(view).toEqual({ kind: 'items', items: ['a', 'b', 'c', 'd', 'e', 'f'], more: 2 })
  })

  it('should call an empty text, list or missing value empty', () => {
    expect(valueView('')).toEqual({ kind: 'empty' })
    expect(valueView([])).toEqual({ kind: 'empty' })
    expect(valueView(undefined)).toEqual({ kind: 'empty' })
  })
})

describe('presentChanges', () => {
  it('should call an item with no name of its own as the screens do, given the key', () => {
    const before = { communities: ['Rockville', 'Bethesda'] }
    const after = { communities: ['Rockville', 'Potomac'] }
    expect(presentChanges(before, after, 'aboutContent')[0]?.place).toBe(
      'Communities › Community 2',
    )
    expect(presentChanges(before, after)[0]?.place).toBe('Communities › Item 2')
  })

  it('should list nothing for two equal versions', () => {
    expect(presentChanges(defaultAlerts, structuredClone(defaultAlerts))).toEqual([])
  })

  it('should name a changed field by its item’s title and its label, with the words changed', () => {
    const before = { hero: { title: 'Play ball this spring' } }
    const after = { hero: { title: 'Play ball this fall' } }
    expect(presentChanges(before, after)).toEqual([
      {
        kind: 'changed',
        place: 'Hero › Title',
        path: 'hero.title',
        before: { kind: 'text', text: 'Play ball this spring' },
        after: { kind: 'text', text: 'Play ball this fall' },
        words: [
          { op: 'same', text: 'Play ball this ' },
          { op: 'removed', text: 'spring' },
          { op: 'added', text: 'fall' },
        ],
        summary: 'Hero › Title changed from “Play ball this spring” to “Play ball this fall”.',
      },
    ])
  })

  it('should name a list item by its own title rather than its index', () => {
    const after = [{ ...alert, isPinned: !alert.isPinned }]
    const [change] = presentChanges([alert], after)
    expect(change?.place).toBe(`“${alert.title}” › Pinned`)
    expect(change?.before).toEqual({ kind: 'text', text: alert.isPinned ? 'Yes' : 'No' })
    expect(change?.after).toEqual({ kind: 'text', text: alert.isPinned ? 'No' : 'Yes' })
  })

  it('should show an added item with its fields', () => {
    const added = { ...alert, id: 'new-one', title: 'Tryouts moved' }
    const [change] = presentChanges([alert], [alert, added])
    expect(change?.kind).toBe('added')
    expect(change?.place).toBe('“Tryouts moved”')
    expect(change?.after?.kind).toBe('fields')
    expect(change?.summary).toBe('“Tryouts moved” added: a group of fields.')
  })

  it('should name a removed item by the title it had', () => {
    const [change] = presentChanges([alert], [])
    expect(change).toMatchObject({ kind: 'removed', place: `“${alert.title}”` })
    expect(change?.summary).toBe(`“${alert.title}” removed (was a group of fields).`)
  })

  it('should say where a reordered item moved, counted from 1', () => {
    const a = { id: 'a', title: 'First' }
    const b = { id: 'b', title: 'Second' }
    expect(presentChanges([a, b], [b, a])).toEqual([
      expect.objectContaining({
        kind: 'moved',
        place: '“Second”',
        positions: { from: 2, to: 1 },
        summary: '“Second” moved from position 2 to 1.',
      }),
    ])
  })

  it('should name a team in the teams record by its name, not its key', () => {
    const before = { 'flash-12u': { name: 'Flash 12U', coaches: [] } }
    const after = { 'flash-12u': { name: 'Flash 12U', coaches: ['coach-1'] } }
    expect(presentChanges(before, after)[0]?.place).toBe('“Flash 12U” › Coaches › Item 1')
  })

  it('should compare the words of rich text, and say when only its formatting changed', () => {
    const [words] = presentChanges(
      { body: '<p>Bring water</p>' },
      { body: '<p>Bring lots of water</p>' },
    )
    expect(words?.words).toEqual([
      { op: 'same', text: 'Bring ' },
      { op: 'added', text: 'lots of ' },
      { op: 'same', text: 'water' },
    ])
    const [format] = presentChanges(
      { body: '<p>Bring water</p>' },
      { body: '<p>Bring <b>water</b></p>' },
    )
    expect(format).toMatchObject({
      formattingOnly: true,
      summary: 'Body: formatting changed; the words are the same.',
    })
    expect(format?.words).toBeUndefined()
  })

  it('should say the whole document was added when there was none before', () => {
    const [change] = presentChanges(undefined, { title: 'New' })
    expect(change).toMatchObject({ kind: 'added', place: 'The whole document' })
  })
})

describe('withContext', () => {
  it('should cut a long kept run to the words next to the change', () => {
    const long = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ')
    const parts = withContext(
      [
        { op: 'same', text: `${long} ` },
        { op: 'added', text: 'new' },
        { op: 'same', text: ` ${long}` },
      ],
      3,
    )
    expect(parts).toEqual([
      { op: 'same', text: '… w37 w38 w39 ' },
      { op: 'added', text: 'new' },
      { op: 'same', text: ' w0 w1 w2 …' },
    ])
  })
})
