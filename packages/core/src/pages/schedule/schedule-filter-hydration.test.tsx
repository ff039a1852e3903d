// @vitest-environment jsdom
import { act } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { defaultFieldsContent } from '../../defaults/fields-content.ts'
import { defaultProgramsContent } from '../../defaults/programs-content.ts'
import { defaultTeams } from '../../defaults/teams.ts'
import { SchedulePage } from './schedule-page.tsx'
import { ALL_TEAMS, type ScheduleFilter } from './season-schedule.ts'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

const NOW = new Date('2026-11-23T15:00:00Z')

function page(onFilterChange?: (filter: ScheduleFilter) => void) {
  return (
    <MemoryRouter>
      <SchedulePage
        programsContent={defaultProgramsContent}
        teams={defaultTeams}
        fields={defaultFieldsContent.fields}
        now={NOW}
        filter={ALL_TEAMS}
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

describe('the schedule filter, picked before the app started', () => {
  it('should apply a program picked before start-up instead of resetting it', async () => {
    const container = prerendered()
    const program = container.querySelector<HTMLSelectElement>('#schedule-program')!
    program.value = 'big-train' // the visitor picks before the JavaScript has started
    const onFilterChange = vi.fn()
    await act(async () => {
      hydrateRoot(container, page(onFilterChange))
    })
    expect(onFilterChange).toHaveBeenCalledWith({ program: 'big-train', team: '' })
  })

  it('should apply a team picked before start-up, with its program', async () => {
    const container = prerendered()
    const team = container.querySelector<HTMLSelectElement>('#schedule-team')!
    team.value = 'big-train-12u'
    const onFilterChange = vi.fn()
    await act(async () => {
      hydrateRoot(container, page(onFilterChange))
    })
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
})
