// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { defaultProgramsContent } from '../../defaults/programs-content.ts'
import type { ProgramsContent } from '../../entities/program-content.ts'
import { ProgramFinder } from './program-finder-form.tsx'

afterEach(cleanup)

function renderFinder(programsContent: ProgramsContent = defaultProgramsContent) {
  render(
    <MemoryRouter>
      <ProgramFinder programsContent={programsContent} today="2026-11-26" />
    </MemoryRouter>,
  )
  const born = screen.getByRole('textbox', { name: 'Birth year, or age today' })
  const month = screen.getByRole('combobox', { name: /Birth month/ })
  const find = (value: string, monthValue = '') => {
    fireEvent.change(born, { target: { value } })
    fireEvent.change(month, { target: { value: monthValue } })
    fireEvent.click(screen.getByRole('button', { name: 'Find programs' }))
  }
  return { born, find }
}

describe('ProgramFinder', () => {
  it('should lead to the program, its fee, deadline, registration and teams', () => {
    const { find } = renderFinder()
    find('2020', '9')
    expect(screen.getByRole('status').textContent).toBe(
      'One program fits a player born in September 2020.',
    )
    const match = screen.getByRole('heading', { level: 3, name: 'Tee Ball' }).closest('li')!
    expect(within(match).getByText('$150 per player.')).toBeTruthy()
    expect(within(match).getByText('Register by March 1, 2027')).toBeTruthy()
    // The sample's registration link is a placeholder: no button, but how to ask.
    expect(within(match).queryByRole('link', { name: /Register for Tee Ball/ })).toBeNull()
    expect(within(match).getByText('Registration link coming soon')).toBeTruthy()
    expect(
      within(match)
        .getByRole('link', { name: /^Contact the club/ })
        .getAttribute('href'),
    ).toBe('/contact?program=tee-ball#registration-interest')
    expect(
      within(match)
        .getByRole('link', { name: /Teams and schedule/ })
        .getAttribute('href'),
    ).toBe('/schedule?program=tee-ball')
  })

  it('should answer from the stored programs that arrive after the family asked', () => {
    const finder = (programsContent: ProgramsContent) => (
      <MemoryRouter>
        <ProgramFinder programsContent={programsContent} today="2026-11-26" />
      </MemoryRouter>
    )
    const { rerender } = render(finder(defaultProgramsContent))
    fireEvent.change(screen.getByRole('textbox', { name: 'Birth year, or age today' }), {
      target: { value: '2018' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Find programs' }))
    const program = (name: string) => screen.queryByRole('heading', { level: 3, name })
    expect(program('Tee Ball')).toBeNull()
    // The background read answers: Tee Ball now takes players up to 9. The answer on screen
    // follows what is stored, without asking again.
    const stored = structuredClone(defaultProgramsContent) as ProgramsContent
    const eligibility = stored['tee-ball'].eligibility
    if (!eligibility) throw new Error('the sample Tee Ball has no eligibility')
    stored['tee-ball'].eligibility = { ...eligibility, maxAge: 9 }
    rerender(finder(stored))
    expect(program('Tee Ball')).not.toBeNull()
    expect(screen.getByRole('textbox', { name: 'Birth year, or age today' })).toHaveProperty(
      'value',
      '2018',
    )
  })

  it('should send Register to a stored registration link that is not a placeholder', () => {
    const stored = structuredClone(defaultProgramsContent) as ProgramsContent
    stored['tee-ball'].registration = {
      link: 'https://signup.club.test/tee-ball',
      opensText: '',
      deadline: '2027-03-01',
    }
    const { find } = renderFinder(stored)
    find('2020', '9')
    const match = screen.getByRole('heading', { level: 3, name: 'Tee Ball' }).closest('li')!
    expect(
      within(match)
        .getByRole('link', { name: /Register for Tee Ball/ })
        .getAttribute('href'),
    ).toBe('https://signup.club.test/tee-ball')
  })

  it('should say when the birthday decides', () => {
    const { find } = renderFinder()
    find('2020')
    const match = screen.getByRole('heading', { level: 3, name: 'Tee Ball' }).closest('li')!
    expect(match.textContent).toContain('your player will be 6 or 7 on April 30, 2027')
  })

  it('should use the stored programs, not the samples', () => {
    const stored = structuredClone(defaultProgramsContent) as ProgramsContent
    stored.recreation.name = 'Rec Ball (stored)'
    stored.recreation.fees = '$99 flat.'
    const { find } = renderFinder(stored)
    find('9')
    const match = screen
      .getByRole('heading', { level: 3, name: 'Rec Ball (stored)' })
      .closest('li')!
    expect(within(match).getByText('$99 flat.')).toBeTruthy()
  })

  it('should explain input it cannot read, and keep what was typed', () => {
    const { born, find } = renderFinder()
    find('twenty')
    expect(screen.getByText(/Enter a birth year such as 2017/)).toBeTruthy()
    expect(born.getAttribute('aria-invalid')).toBe('true')
    expect((born as HTMLInputElement).value).toBe('twenty')
    expect(document.activeElement).toBe(born)
    find('1950')
    expect(screen.getByRole('status').textContent).toBe('')
    expect(screen.getByText('Enter a birth year from 2004 to 2024.')).toBeTruthy()
  })

  it('should keep a birth year typed before the page hydrated, and answer it', async () => {
    const finder = (
      <MemoryRouter>
        <ProgramFinder programsContent={defaultProgramsContent} today="2026-11-26" />
      </MemoryRouter>
    )
    const container = document.createElement('div')
    container.innerHTML = renderToString(finder)
    document.body.append(container)
    const born = container.querySelector('input[name="born"]') as HTMLInputElement
    born.value = '201'
    startTransition(() => {
      hydrateRoot(container, finder)
    })
    // The last key arrives while it hydrates: React finishes at once, then delivers it.
    born.value = '2017'
    born.dispatchEvent(new Event('input', { bubbles: true }))
    await act(async () => {})
    expect(born.value).toBe('2017')
    await act(async () => {
      fireEvent.click(within(container).getByRole('button', { name: 'Find programs' }))
    })
    expect(within(container).getByRole('status').textContent).toMatch(/born in 2017/)
    container.remove()
  })
})
