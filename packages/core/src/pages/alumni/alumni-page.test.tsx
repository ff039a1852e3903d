// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT, defaultFor } from '../../defaults/default-content.ts'
import { CLUB_SHORT_NAME } from '../shared/club-names.ts'
import {
  expectHeadingsInOrder,
  expectInert,
  HOSTILE_HTML,
  renderPage,
} from '../../../test-utils/page-test-utils.tsx'
import { AlumniPage, alumniMeta } from './alumni-page.tsx'

const alumni = DEFAULT_CONTENT.alumni

function commitCard(name: string): HTMLElement {
  const region = screen.getByRole('region', { name: 'College commitments' })
  return within(region).getByText(name).closest('li') as HTMLElement
}

describe('AlumniPage', () => {
  it('should list the draft picks in a table with name, school and achievement', () => {
    renderPage(<AlumniPage alumni={alumni} />)
    const table = screen.getByRole('table')
    expect(table.querySelector('caption')?.textContent).toContain('MLB draft')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent)
    expect(headers).toEqual(['Name', 'School', 'Achievement'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(5)
    expect(rows[0]?.textContent).toBe('Alumnus 1Chesapeake State UniversityMLB Draft, 4th round')
    expect(within(rows[0] as HTMLElement).getByRole('rowheader').textContent).toBe('Alumnus 1')
  })

  it('should list every college commit with its school', () => {
    renderPage(<AlumniPage alumni={alumni} />)
    const region = screen.getByRole('region', { name: 'College commitments' })
    expect(within(region).getAllByRole('listitem')).toHaveLength(10)
    expect(commitCard('Alumna 8').textContent).toContain('Piedmont University')
  })

  it('should badge commits that are also draft picks with words, not colour alone', () => {
    renderPage(<AlumniPage alumni={alumni} />)
    expect(commitCard('Alumnus 1').textContent).toContain('MLB draft pick')
    expect(commitCard('Alumnus 7').textContent).not.toContain('MLB draft pick')
    const region = screen.getByRole('region', { name: 'College commitments' })
    expect(within(region).getAllByText('MLB draft pick')).toHaveLength(5)
  })

  it('should badge a commit that shares a draft pick name even when it is not flagged', () => {
    const changed = defaultFor('alumni')
    changed.collegeCommits = changed.collegeCommits.map((commit) => ({
      id: commit.id,
      name: commit.name,
      school: commit.school,
    }))
    renderPage(<AlumniPage alumni={changed} />)
    expect(commitCard('Alumnus 3').textContent).toContain('MLB draft pick')
    expect(commitCard('Alumna 6').textContent).not.toContain('MLB draft pick')
  })

  it('should count picks and commitments', () => {
    const { container } = renderPage(<AlumniPage alumni={alumni} />)
    const counts = [...container.querySelectorAll('.alumni-stats li')].map((li) => li.textContent)
    expect(counts).toEqual(['5 MLB draft picks', '10 recent college commitments'])
    // The list is recent commitments, so it never contradicts the all-time figure (150+).
    expect(container.textContent).toContain('Over the years, 150+ of our players')
  })

  it('should say so when the lists are empty', () => {
    renderPage(<AlumniPage alumni={{ mlbDraftPicks: [], collegeCommits: [] }} />)
    expect(screen.getByText('No draft picks are listed yet.')).toBeTruthy()
    expect(screen.getByText('No college commitments are listed yet.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('should keep one h1 and headings in order', () => {
    const { container } = renderPage(<AlumniPage alumni={alumni} />)
    expectHeadingsInOrder(container)
  })

  it('should render hostile text as text', () => {
    const hostile = defaultFor('alumni')
    hostile.mlbDraftPicks = hostile.mlbDraftPicks.map((pick) => ({
      ...pick,
      achievement: HOSTILE_HTML,
    }))
    hostile.collegeCommits = hostile.collegeCommits.map((commit) => ({
      ...commit,
      school: HOSTILE_HTML,
    }))
    const { container } = renderPage(<AlumniPage alumni={hostile} />)
    expectInert(container)
    expect(screen.getAllByText(HOSTILE_HTML)).toHaveLength(15)
  })
})

describe('alumniMeta', () => {
  it('should name the number of draft picks in 120 to 160 characters', () => {
    const meta = alumniMeta(alumni)
    expect(meta.title).toBe(`Alumni | ${CLUB_SHORT_NAME}`)
    expect(meta.description).toContain('5 MLB draft picks')
    expect(meta.description.length).toBeGreaterThanOrEqual(120)
    expect(meta.description.length).toBeLessThanOrEqual(160)
  })
})
