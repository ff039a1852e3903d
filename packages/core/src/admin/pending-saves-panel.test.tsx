// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { createMemoryRepository } from '../../test-utils/memory-repository.ts'
import { ContentProvider, obtainContentStore } from '../content/content-provider.tsx'
import { DEFAULT_CONTENT } from '../defaults/default-content.ts'
import { CONTENT_NAMES } from '../entities/content-names.ts'
import type { ContentDocuments } from '../entities/content-keys.ts'
import { MAX_LIST_ITEMS } from '../entities/document-limits.ts'
import { PendingSavesPanel } from './pending-saves-panel.tsx'

afterEach(cleanup)

/** Database speech that must never reach staff: jsonpath, quoted keys, key names. */
const CODE_SPEECH = [
  /\$/,
  /"teams"|"content"|"alerts"/,
  /row-level security/,
  ...Object.keys(CONTENT_NAMES)
    // The keys that are not ordinary words too ("staff", "alerts" are).
    .filter((key) => /[A-Z]/.test(key))
    .map((key) => new RegExp(`\\b${key}\\b`)),
]

function renderPanel(repository = createMemoryRepository()) {
  const store = obtainContentStore(repository, { storage: null })
  store.setAccess(true)
  render(
    <ContentProvider store={store} signedIn isStaff>
      <PendingSavesPanel />
    </ContentProvider>,
  )
  return store
}

describe('PendingSavesPanel', () => {
  it('should say in the club’s words which list of a team is too long, never the database’s path', async () => {
    const store = renderPanel()
    const teams = structuredClone(DEFAULT_CONTENT.teams) as ContentDocuments['teams']
    const [teamKey] = Object.keys(teams)
    const team = teams[teamKey as keyof typeof teams]!
    const player = team.roster[0]!
    team.roster = Array.from({ length: MAX_LIST_ITEMS + 1 }, (_, i) => ({
      ...player,
      id: `p-${i}`,
    }))

    await expect(store.save('teams', teams)).resolves.toBe('kept')

    const state = await screen.findByText(/^The site refused it/)
    // The kept pending save still holds the database's wording; the panel never shows it.
    expect(store.getPendingSaves()[0]?.lastError).toMatch(/\$\./)
    expect(state.textContent).toBe(
      `The site refused it. A list in it is too long for the site: 2,001 items in the “${team.name} › Roster” list in Teams & rosters, and the limit is 2,000. Remove some items, then save again.`,
    )
    const panel = screen.getByRole('region', { name: 'Changes not saved yet on this device' })
    expect(CODE_SPEECH.filter((pattern) => pattern.test(panel.textContent ?? ''))).toEqual([])
  })

  it('should say a refused account may not edit, not the policy’s error', async () => {
    const repository = createMemoryRepository()
    repository.forbidden = true
    const store = renderPanel(repository)

    await store.save('alerts', [])

    await waitFor(() =>
      expect(screen.getByRole('region').textContent).toContain(
        'This account may not change the site.',
      ),
    )
    const panel = screen.getByRole('region')
    expect(panel.textContent).toContain('Alerts')
    expect(CODE_SPEECH.filter((pattern) => pattern.test(panel.textContent ?? ''))).toEqual([])
  })
})
