// @vitest-environment jsdom
import { act, startTransition, useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { defaultFieldsContent } from '../../defaults/fields-content.ts'
import { defaultProgramsContent } from '../../defaults/programs-content.ts'
import { defaultTeams } from '../../defaults/teams.ts'
import { SchedulePage } from './schedule-page.tsx'
import { ALL_TEAMS, type ScheduleFilter } from './season-schedule.ts'
import { useHydrated } from './use-hydrated.ts'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

const NOW = new Date('2026-11-23T15:00:00Z')

function page(onFilterChange?: (filter: ScheduleFilter) => void, filter = ALL_TEAMS) {
  return (
    <MemoryRouter>
      <SchedulePage
        programsContent={defaultProgramsContent}
        teams={defaultTeams}
        fields={defaultFieldsContent.fields}
        now={NOW}
        filter={filter}
        onFilterChange={onFilterChange}
      />
    </MemoryRouter>
  )
}

/** The schedule as prerendered (every team), in the document, not yet started. */
function prerendered(): HTMLElement {
  const container = document.createElement('div')
  container.innerHTML = renderToString(page())
  document.body.append(container)
  return container
}

afterEach(() => {
  document.body.innerHTML = ''
})

/** The filter's button: a choice applies only with it. */
const show = (container: HTMLElement) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === 'Show schedule')!

describe('the schedule filter, chosen before the app started', () => {
  it('should keep a program chosen before start-up instead of resetting it, and apply it on Show', async () => {
    const container = prerendered()
    const program = container.querySelector<HTMLSelectElement>('#schedule-program')!
    program.value = 'big-train' // the visitor picks before the JavaScript has started
    const onFilterChange = vi.fn()
    await act(async () => {
      hydrateRoot(container, page(onFilterChange))
    })
    expect(onFilterChange).not.toHaveBeenCalled()
    expect(program.value).toBe('big-train')
    await act(async () => show(container).click())
    expect(onFilterChange).toHaveBeenCalledWith({ program: 'big-train', team: '' })
  })

  it('should keep a team chosen before start-up, and apply it with its program', async () => {
    const container = prerendered()
    const team = container.querySelector<HTMLSelectElement>('#schedule-team')!
    team.value = 'big-train-12u'
    const onFilterChange = vi.fn()
    await act(async () => {
      hydrateRoot(container, page(onFilterChange))
    })
    expect(team.value).toBe('big-train-12u')
    await act(async () => show(container).click())
    expect(onFilterChange).toHaveBeenCalledWith({ program: 'big-train', team: 'big-train-12u' })
  })

  it('should change nothing when nothing was picked', async () => {
    const container = prerendered()
    const onFilterChange = vi.fn()
    await act(async () => {
      hydrateRoot(container, page(onFilterChange))
    })
    expect(onFilterChange).not.toHaveBeenCalled()
    expect(container.querySelector<HTMLSelectElement>('#schedule-program')!.value).toBe('')
  })

  it('should be a form that asks /schedule for the choice before the app starts', () => {
    const container = prerendered()
    const form = container.querySelector<HTMLFormElement>('form.schedule-filters')!
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('action')).toBe('/schedule')
    expect(container.querySelector('#schedule-team')?.getAttribute('name')).toBe('team')
    expect(container.querySelector('#schedule-program')?.getAttribute('name')).toBe('program')
  })
})

describe('the schedule filter, chosen while the app hydrates', () => {
  /** The route's shape: prerendered with every team, the filter applied in a transition. */
  function ScheduleLikeTheRoute({ onFilter }: { onFilter: (filter: ScheduleFilter) => void }) {
    const hydrated = useHydrated()
    const [filter, setFilter] = useState<ScheduleFilter>(ALL_TEAMS)
    return page(
      (next) => {
        onFilter(next)
        startTransition(() => setFilter(next))
      },
      hydrated ? filter : ALL_TEAMS,
    )
  }

  it('should keep a program chosen before hydration, whose change event arrives after it', async () => {
    const container = prerendered()
    const filters: ScheduleFilter[] = []
    startTransition(() => {
      hydrateRoot(container, <ScheduleLikeTheRoute onFilter={(next) => filters.push(next)} />)
    })
    // A family picks a program before the app has hydrated: the browser changes the select,
    // then fires input and change in one task. The input event makes React hydrate at once.
    const program = container.querySelector<HTMLSelectElement>('#schedule-program')!
    program.value = 'big-train'
    program.dispatchEvent(new Event('input', { bubbles: true }))
    program.dispatchEvent(new Event('change', { bubbles: true }))
    await act(async () => {})
    expect(container.querySelector<HTMLSelectElement>('#schedule-program')?.value).toBe('big-train')
    await act(async () => show(container).click())
    expect(filters.at(-1)).toEqual({ program: 'big-train', team: '' })
    expect(container.querySelector('.schedule-count')?.textContent).toMatch(/ for Big Train\.$/)
  })
})
