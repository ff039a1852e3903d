// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import type { PhotoLibrary } from '../../entities/photo-library.ts'
import type { StaffMember } from '../../entities/staff.ts'
import type { Teams } from '../../entities/team.ts'
import { press, tabTo } from '../../../test-utils/keyboard-testing.ts'
import { RostersStaffEditor } from './rosters-staff-editor.tsx'
import type { RostersStaffEditorProps } from './rosters-staff-editor.tsx'
import type { RostersStaffChanges } from './rosters-form.ts'

afterEach(cleanup)

const teams = () => structuredClone(DEFAULT_CONTENT.teams) as Teams
const staff = () => structuredClone(DEFAULT_CONTENT.staff) as StaffMember[]
const library = (): PhotoLibrary => ({
  albums: [],
  photos: [
    {
      id: 'tryouts',
      src: '/images/tryouts.svg',
      alt: 'Players at a tryout',
      width: 800,
      height: 600,
    },
    {
      id: 'upload',
      src: '/images/upload.webp',
      alt: 'Drafted words',
      needsAltText: true,
      width: 800,
      height: 600,
      caption: 'New upload',
    },
  ],
})

function show(overrides: Partial<RostersStaffEditorProps> = {}) {
  const onSave = vi.fn<
    (
      changes: RostersStaffChanges,
      base: Parameters<RostersStaffEditorProps['onSave']>[1],
    ) => Promise<unknown> | void
  >(() => Promise.resolve())
  const props: RostersStaffEditorProps = {
    teams: teams(),
    staff: staff(),
    photoLibrary: library(),
    onSave,
    ...overrides,
  }
  const view = render(
    <MemoryRouter>
      <RostersStaffEditor {...props} />
    </MemoryRouter>,
  )
  const rerender = (next: Partial<RostersStaffEditorProps>) =>
    view.rerender(
      <MemoryRouter>
        <RostersStaffEditor {...props} {...next} />
      </MemoryRouter>,
    )
  return { onSave, rerender }
}

const button = (name: string | RegExp) => screen.getByRole('button', { name })
/** The top bar's Save (the bar repeats at the end of the screen). */
const saveButton = () => screen.getAllByRole('button', { name: 'Save changes' })[0] as HTMLElement

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element)
  })
}

function change(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } })
}

const team = (name: string) =>
  screen.getByRole('heading', { name, level: 4 }).closest('li') as HTMLElement

async function openTeam(name: string) {
  await click(within(team(name)).getByRole('button', { name: `Edit ${name}` }))
  return within(team(name))
}

const savedTeams = (onSave: ReturnType<typeof show>['onSave']) => onSave.mock.calls[0]?.[0].teams
const savedStaff = (onSave: ReturnType<typeof show>['onSave']) => onSave.mock.calls[0]?.[0].staff

describe('<RostersStaffEditor/> teams', () => {
  it('should link each stored team to its public page and to its page in edit mode', () => {
    show()
    const row = within(team('Big Train 12U'))
    expect([
      row.getByRole('link', { name: /^View page of Big Train 12U/ }).getAttribute('href'),
      row.getByRole('link', { name: /^Edit on its page/ }).getAttribute('href'),
    ]).toEqual(['/programs/big-train/12u', '/admin/edit/programs/big-train/12u'])
  })

  it('should show each team with its program, players and coaches', () => {
    show()
    expect(
      within(team('Flash 12U')).getByText(/Flash Fastpitch Softball · 15 players/).textContent,
    ).toBe('Flash Fastpitch Softball · 15 players · Coaches: Coach E. Halvorsen, M. Adeyemi')
  })

  it('should save an edited team name and nothing else', async () => {
    const { onSave } = show()
    const form = await openTeam('Select 13U')
    change(form.getByLabelText(/^Team name/), 'Select 13U Blue')
    await click(saveButton())
    expect([
      savedTeams(onSave)?.['select-13u']?.name,
      Object.keys(onSave.mock.calls[0]?.[0] ?? {}),
    ]).toEqual(['Select 13U Blue', ['teams']])
  })

  it('should block a roster number outside 1 to 99 and tie the error to the field', async () => {
    const { onSave } = show()
    const form = await openTeam('Select 13U')
    const [number] = form.getAllByRole('textbox', { name: /^Number, / })
    if (!number) throw new Error('no roster rows')
    change(number, '100')
    await click(saveButton())
    const error = form.getByText('Enter a number from 1 to 99.')
    expect([
      onSave.mock.calls.length,
      number.getAttribute('aria-describedby'),
      document.activeElement,
    ]).toEqual([0, error.id, number])
  })

  it('should announce how many problems stop the save', async () => {
    show()
    const form = await openTeam('Select 13U')
    change(form.getAllByRole('textbox', { name: /^Name, / })[0] as HTMLElement, '')
    await click(saveButton())
    expect(screen.getByRole('alert').textContent).toBe(
      'Fix the problem marked above before saving.',
    )
  })

  it('should flag a number worn by two players on both rows', async () => {
    show()
    const form = await openTeam('Select 13U')
    const numbers = form.getAllByRole('textbox', { name: /^Number, / }) as HTMLInputElement[]
    const [first, second] = numbers
    if (!first || !second) throw new Error('no roster rows')
    change(second, first.value)
    expect(form.getAllByText(/^Also worn by /)).toHaveLength(2)
  })

  it('should store a changed position and bats/throws', async () => {
    const { onSave } = show()
    const form = await openTeam('Select 13U')
    change(form.getAllByRole('combobox', { name: /^Position, / })[0] as HTMLElement, 'LF')
    change(form.getAllByRole('combobox', { name: /^Bats\/Throws, / })[0] as HTMLElement, 'L/L')
    await click(saveButton())
    expect(savedTeams(onSave)?.['select-13u']?.roster[0]).toMatchObject({
      position: 'LF',
      batsThrows: 'L/L',
    })
  })

  it('should add a player row and focus its number', async () => {
    show()
    const form = await openTeam('Select 13U')
    await click(form.getByRole('button', { name: 'Add player' }))
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Number, new player in row 16')
  })

  it('should remove a player and store the roster without them', async () => {
    const { onSave } = show()
    const before = teams()['select-13u']?.roster ?? []
    const form = await openTeam('Select 13U')
    await click(form.getByRole('button', { name: `Remove ${before[0]?.name}` }))
    await click(saveButton())
    expect(savedTeams(onSave)?.['select-13u']?.roster.map((p) => p.id)).toEqual(
      before.slice(1).map((p) => p.id),
    )
  })

  it('should give each player row a form of its own, holding only that row', async () => {
    show()
    const form = await openTeam('Select 13U')
    const rows = form.getAllByRole('row').filter((row) => row.dataset.playerId)
    const owners = rows.map((row) => {
      const controls = within(row).getAllByRole('textbox') as HTMLInputElement[]
      const owner = controls[0]?.form
      expect(owner).toBeTruthy()
      for (const control of controls) expect(control.form).toBe(owner)
      expect(within(row).getByRole('button', { name: /^Remove / })).toHaveProperty('form', owner)
      expect(owner?.elements).toHaveLength(row.querySelectorAll('input, select, button').length)
      return owner
    })
    expect(new Set(owners).size).toBe(rows.length)
  })

  it('should add a coach chosen from the staff cards', async () => {
    const { onSave } = show()
    const form = await openTeam('Select 13U')
    change(form.getByLabelText(/^Add a coach/), 'program-director')
    await click(form.getByRole('button', { name: 'Add coach' }))
    await click(saveButton())
    expect(savedTeams(onSave)?.['select-13u']?.coaches).toEqual([
      'coach-lindgren',
      'program-director',
    ])
  })

  it('should reorder coaches with the list controls', async () => {
    const { onSave } = show()
    const form = await openTeam('Flash 12U')
    await click(form.getByRole('button', { name: 'Move M. Adeyemi up' }))
    await click(saveButton())
    expect(savedTeams(onSave)?.['flash-12u']?.coaches).toEqual([
      'softball-director',
      'coach-halvorsen',
    ])
  })

  it('should add a team with a page address made from its name', async () => {
    const { onSave } = show()
    change(screen.getByLabelText(/^New team name/), 'Select 15U')
    change(screen.getByLabelText('Program of the new team'), 'select')
    await click(button('Add team'))
    await click(saveButton())
    expect(savedTeams(onSave)?.['select-15u']).toMatchObject({
      id: 'select-15u',
      name: 'Select 15U',
      programSlug: 'select',
      roster: [],
    })
  })

  it('should not link a team that is not stored yet', async () => {
    show()
    change(screen.getByLabelText(/^New team name/), 'Select 15U')
    await click(button('Add team'))
    expect(within(team('Select 15U')).queryByRole('link')).toBeNull()
  })

  it('should remove a team once the dialog is confirmed', async () => {
    const { onSave } = show()
    const form = await openTeam('Select 14U')
    await click(form.getByRole('button', { name: 'Remove team Select 14U' }))
    await click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove team' }))
    await click(saveButton())
    expect(Object.keys(savedTeams(onSave) ?? {})).not.toContain('select-14u')
  })

  it('should put everything back on Discard changes', async () => {
    const { onSave } = show()
    const form = await openTeam('Select 13U')
    change(form.getByLabelText(/^Team name/), 'Renamed')
    await click(screen.getAllByRole('button', { name: 'Discard changes' })[0] as HTMLElement)
    await click(saveButton())
    expect([onSave.mock.calls.length, screen.getByRole('heading', { name: 'Select 13U' })]).toEqual(
      [0, expect.anything()],
    )
  })

  it('should take a newly stored document while the form is unedited', () => {
    const { rerender } = show()
    const next = teams()
    ;(next['select-13u'] as { name: string }).name = 'Select 13U (from another tab)'
    rerender({ teams: next })
    expect(screen.getByRole('heading', { name: 'Select 13U (from another tab)' })).toBeTruthy()
  })

  it('should keep the values when a newly stored document arrives during an edit', async () => {
    const { rerender } = show()
    const form = await openTeam('Select 13U')
    change(form.getByLabelText(/^Team name/), 'Mine')
    const next = teams()
    ;(next['select-14u'] as { name: string }).name = 'Theirs'
    rerender({ teams: next })
    expect(screen.getByRole('heading', { name: 'Mine' })).toBeTruthy()
  })

  it('should keep the values and say so when the save fails', async () => {
    const { onSave } = show({ onSave: vi.fn(() => Promise.reject(new Error('Offline.'))) })
    const form = await openTeam('Select 13U')
    change(form.getByLabelText(/^Team name/), 'Select 13U Blue')
    await click(saveButton())
    expect([
      screen.getByRole('alert').textContent,
      screen.getByRole('heading', { name: 'Select 13U Blue' }),
    ]).toEqual(['Could not save the changes. Offline.', expect.anything()])
    void onSave
  })

  it('should show the store’s save states in the save bar', () => {
    show({ saveState: { status: 'saved', keys: ['teams'] } })
    expect(document.querySelector('.editor-save-bar [role="status"]')?.textContent).toBe(
      'Content Saved! Your changes are now live across the site.',
    )
  })
})

describe('<RostersStaffEditor/> paste', () => {
  async function openPaste(name: string) {
    const form = await openTeam(name)
    await click(form.getByRole('button', { name: 'Paste from a spreadsheet' }))
    return form
  }

  const sample = () => teams()['select-13u']?.roster ?? []

  it('should preview what a paste adds, changes, removes and rejects before applying', async () => {
    const { onSave } = show()
    const [a, b] = sample()
    if (!a || !b) throw new Error('no sample roster')
    const form = await openPaste('Select 13U')
    await click(form.getByRole('radio', { name: 'Replace the roster' }))
    change(
      form.getByLabelText('Rows from a spreadsheet'),
      [
        '#\tName\tPos\tB/T',
        `${a.number}\t${a.name}\t${a.position}\t${a.batsThrows}`,
        `${b.number === 77 ? 78 : 77}\t${b.name}\t${b.position}\t${b.batsThrows}`,
        '21\tJo Park\tC\tR/R',
        '0\tNo Number\tP\tR/R',
      ].join('\n'),
    )
    expect(form.getByText(/^1 to add, 1 to change, 13 to remove, 1 row rejected\.$/)).toBeTruthy()
    expect(form.getByText(/Row 5/).closest('li')?.textContent).toContain(
      'Number “0”: enter a number from 1 to 99.',
    )
    expect(onSave).not.toHaveBeenCalled()
  })

  it('should block Apply while a row is rejected, until it is fixed', async () => {
    show()
    const form = await openPaste('Select 13U')
    const apply = () =>
      form.getByRole('button', { name: 'Apply to the roster' }) as HTMLButtonElement
    const box = form.getByLabelText('Rows from a spreadsheet')
    change(box, '21,Amélie Dubois,SS,S/R\n0,François Côté,CF,R/R')
    const blocked = [apply().disabled, form.getByText(/^Fix the rejected row in the paste/)]
    change(box, '21,Amélie Dubois,SS,S/R\n22,François Côté,CF,R/R')
    expect([
      ...blocked,
      apply().disabled,
      form.getByText(/^Row 2/).closest('li')?.textContent,
    ]).toEqual([true, expect.anything(), false, 'Row 2: Position “CF” read as OF.'])
  })

  it('should add and update by default, keeping the players the paste does not list', async () => {
    const { onSave } = show()
    const form = await openPaste('Select 13U')
    change(form.getByLabelText('Rows from a spreadsheet'), '21,Jo Park,C,R/R')
    await click(form.getByRole('button', { name: 'Apply to the roster' }))
    await click(saveButton())
    expect([
      savedTeams(onSave)?.['select-13u']?.roster.length,
      // Saved with the documents the form started from, for the three-way merge.
      onSave.mock.calls[0]?.[1].teams['select-13u']?.roster,
    ]).toEqual([sample().length + 1, sample()])
  })

  it('should apply the previewed roster and store it with Save', async () => {
    const { onSave } = show()
    const form = await openPaste('Select 13U')
    await click(form.getByRole('radio', { name: 'Replace the roster' }))
    change(form.getByLabelText('Rows from a spreadsheet'), '21,"Park, Jo",C,R/R\n22,Lu Chen,SS,L/R')
    await click(form.getByRole('button', { name: 'Apply to the roster' }))
    await click(saveButton())
    expect(
      savedTeams(onSave)?.['select-13u']?.roster.map((p) => [
        p.number,
        p.name,
        p.position,
        p.batsThrows,
      ]),
    ).toEqual([
      [21, 'Park, Jo', 'C', 'R/R'],
      [22, 'Lu Chen', 'SS', 'L/R'],
    ])
  })

  it('should keep the players not pasted when adding and updating only', async () => {
    const { onSave } = show()
    const form = await openPaste('Select 13U')
    change(form.getByLabelText('Rows from a spreadsheet'), '21,Jo Park,C,R/R')
    await click(form.getByRole('radio', { name: 'Add and update only' }))
    await click(form.getByRole('button', { name: 'Apply to the roster' }))
    await click(saveButton())
    expect(savedTeams(onSave)?.['select-13u']?.roster).toHaveLength(sample().length + 1)
  })

  it('should say what is wrong with a header that names no number column', async () => {
    show()
    const form = await openPaste('Select 13U')
    change(form.getByLabelText('Rows from a spreadsheet'), 'Name,Pos\nJo Park,C')
    expect([
      form.getByText(/^The header row has no Number column/),
      (form.getByRole('button', { name: 'Apply to the roster' }) as HTMLButtonElement).disabled,
    ]).toEqual([expect.anything(), true])
  })

  it('should return focus to the paste button on Cancel', async () => {
    show()
    const form = await openPaste('Select 13U')
    await click(form.getByRole('button', { name: 'Cancel' }))
    expect(document.activeElement).toBe(
      form.getByRole('button', { name: 'Paste from a spreadsheet' }),
    )
  })
})

describe('<RostersStaffEditor/> staff', () => {
  const card = (name: string) =>
    screen.getByRole('button', { name: `Drag ${name}` }).closest('li') as HTMLElement

  it('should save an edited staff name and role line', async () => {
    const { onSave } = show()
    const fields = within(card('J. Whitfield'))
    change(fields.getByRole('textbox', { name: /^Name ?of J\. Whitfield$/ }), 'Jordan Whitfield')
    change(fields.getByRole('textbox', { name: /^Role line ?of J\. Whitfield/ }), 'Club Director')
    await click(saveButton())
    expect([savedStaff(onSave)?.[0], Object.keys(onSave.mock.calls[0]?.[0] ?? {})]).toEqual([
      { ...staff()[0], name: 'Jordan Whitfield', subtitle: 'Club Director' },
      ['staff'],
    ])
  })

  it('should require a staff name', async () => {
    const { onSave } = show()
    change(screen.getByRole('textbox', { name: /^Name ?of K\. Osei$/ }), ' ')
    await click(saveButton())
    expect([onSave.mock.calls.length, screen.getByText('Give the staff member a name.')]).toEqual([
      0,
      expect.anything(),
    ])
  })

  it('should move a staff card down with the keyboard alone', async () => {
    const { onSave } = show()
    tabTo(button('Move J. Whitfield down'))
    await press('Enter')
    tabTo(saveButton())
    await press('Enter')
    expect(
      savedStaff(onSave)
        ?.slice(0, 2)
        .map((m) => m.id),
    ).toEqual(['recruiting-coordinator', 'program-director'])
  })

  it('should give each card a keyboard drag handle', () => {
    show()
    expect(button('Drag K. Osei').getAttribute('aria-roledescription')).toBe('sortable')
  })

  it('should add a staff card and focus its name', async () => {
    const { onSave } = show()
    await click(button('Add to staff'))
    fireEvent.change(document.activeElement as HTMLElement, { target: { value: 'Coach Z. New' } })
    await click(saveButton())
    expect(savedStaff(onSave)?.at(-1)).toMatchObject({
      name: 'Coach Z. New',
      subtitle: '',
      imageUrl: '',
    })
  })

  it('should take a removed staff member off the teams they coach', async () => {
    const { onSave } = show()
    await click(button('Remove M. Adeyemi'))
    await click(button('Remove M. Adeyemi?'))
    await click(saveButton())
    const saved = onSave.mock.calls[0]?.[0]
    expect([
      saved?.staff?.some((m) => m.id === 'softball-director'),
      saved?.teams?.['flash-12u']?.coaches,
    ]).toEqual([false, ['coach-halvorsen']])
  })

  it('should store a photo picked in the library, with its alt text kept in the library', async () => {
    const { onSave } = show()
    await click(
      within(card('K. Osei')).getByRole('button', { name: /^Change image: staff item 2/ }),
    )
    const dialog = within(screen.getByRole('dialog'))
    await click(dialog.getByRole('radio', { name: /New upload/ }))
    const use = dialog.getByRole('button', { name: 'Use this photo' }) as HTMLButtonElement
    const disabledWithoutAlt = use.disabled
    change(dialog.getByLabelText('Alt text (required)'), 'Coach Osei at practice')
    await click(use)
    await click(saveButton())
    const saved = onSave.mock.calls[0]?.[0]
    expect([
      disabledWithoutAlt,
      saved?.staff?.[1]?.imageUrl,
      saved?.photoLibrary?.photos.find((p) => p.id === 'upload'),
    ]).toEqual([
      true,
      '/images/upload.webp',
      {
        id: 'upload',
        src: '/images/upload.webp',
        alt: 'Coach Osei at practice',
        width: 800,
        height: 600,
        caption: 'New upload',
      },
    ])
  })

  it('should clear a photo with Remove photo', async () => {
    const { onSave } = show()
    await click(within(card('K. Osei')).getByRole('button', { name: 'Remove photo of K. Osei' }))
    await click(saveButton())
    expect(savedStaff(onSave)?.[1]?.imageUrl).toBe('')
  })
})
