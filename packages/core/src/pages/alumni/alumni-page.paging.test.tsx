// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import type { Alumni } from '../../entities/alumni.ts'
import { renderPage } from '../../../test-utils/page-test-utils.tsx'
import { AlumniPage, COMMITS_PAGE_SIZE, DRAFT_PICKS_PAGE_SIZE } from './alumni-page.tsx'

const pick = DEFAULT_CONTENT.alumni.mlbDraftPicks[0]!
const commit = DEFAULT_CONTENT.alumni.collegeCommits[0]!
const many: Alumni = {
  mlbDraftPicks: Array.from({ length: 1000 }, (_, i) => ({
    ...pick,
    id: `pick-${i}`,
    name: `Pick ${i}`,
  })),
  collegeCommits: Array.from({ length: 2000 }, (_, i) => ({
    ...commit,
    id: `commit-${i}`,
    name: `Commit ${i}`,
  })),
}

describe('AlumniPage with long lists', () => {
  it('should show the first page of draft picks and add rows on request, focusing the first new one', () => {
    renderPage(<AlumniPage alumni={many} />)
    const table = screen.getByRole('table')
    const rows = () => within(table).getAllByRole('row').slice(1)
    expect(rows()).toHaveLength(DRAFT_PICKS_PAGE_SIZE)

    fireEvent.click(screen.getByRole('button', { name: 'Show 25 more (of 1,000 draft picks)' }))
    expect(rows()).toHaveLength(DRAFT_PICKS_PAGE_SIZE * 2)
    expect(document.activeElement).toBe(rows()[DRAFT_PICKS_PAGE_SIZE])
    expect(document.activeElement?.textContent).toContain('Pick 25')
  })

  it('should show the first page of college commitments, and still count them all', () => {
    const { container } = renderPage(<AlumniPage alumni={many} />)
    expect(container.querySelectorAll('.alumni-commit')).toHaveLength(COMMITS_PAGE_SIZE)
    expect(container.querySelector('.alumni-stats')?.textContent).toContain('2000')

    fireEvent.click(
      screen.getByRole('button', { name: 'Show 24 more (of 2,000 college commitments)' }),
    )
    expect(container.querySelectorAll('.alumni-commit')).toHaveLength(COMMITS_PAGE_SIZE * 2)
  })
})
