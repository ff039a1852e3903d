import { createRequire } from 'node:module'

import { describe, expect, it } from 'vitest'

import { createContentStore } from '../../content/content-store.ts'
import { entitiesCatalog } from '../../content/entities-catalog.ts'
import { recordingStore } from '../../content/recording-store.ts'
import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import type { ContentDocuments, DocumentKey } from '../../entities/content-keys.ts'
import type { StaffMember } from '../../entities/staff.ts'
import { teamCoaches, teamViews } from '../../entities/team-views.ts'
import type { Teams } from '../../entities/team.ts'
import { setSanitizerWindow } from '../../html/sanitize.ts'
import { prerenderStore, prerenderStorePage } from '../../../test-utils/prerender-site.tsx'

// A team page shows its coaches from their own row (`coaches/<id>`), which the database keeps
// while `teams` and `staff` are both stored; otherwise from `staff` whole, stored or built in,
// exactly as before the rows. Rendered as the build renders it: the stored documents are the
// page's baseline, anything else is built in.

type SanitizerWindow = Parameters<typeof setSanitizerWindow>[0]
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: SanitizerWindow }
}
setSanitizerWindow(new JSDOM('').window)

const PATH = '/team/flash-12u'
const TEAM = DEFAULT_CONTENT.teams['flash-12u']!
const card = (id: string, name: string): StaffMember => ({ id, name, subtitle: '', imageUrl: '' })

/** The stored teams: the sample ones, Flash 12U coached by Rivera and Doyle. */
const STORED_TEAMS: Teams = {
  ...DEFAULT_CONTENT.teams,
  'flash-12u': { ...TEAM, coaches: ['coach-rivera', 'coach-doyle'] },
}
/** The stored staff: the samples, Halvorsen and Rivera renamed, Adeyemi (softball) gone. */
const STORED_STAFF: StaffMember[] = DEFAULT_CONTENT.staff
  .filter((member) => member.id !== 'softball-director')
  .map((member) =>
    member.id === 'coach-halvorsen' || member.id === 'coach-rivera'
      ? { ...member, name: `${member.name} (stored)` }
      : member,
  )

/** What the database keeps with these documents stored: the teams' rows, the coaches' rows. */
function storedRows(stored: { teams?: Teams; staff?: StaffMember[] }): Partial<ContentDocuments> {
  return {
    ...(stored.teams && teamViews(stored.teams)),
    ...(stored.staff && { staff: stored.staff }),
    ...(stored.teams && stored.staff && teamCoaches(stored.teams, stored.staff)),
  }
}

/** The team page's coach names as built from `stored`, and the documents it read. */
async function coachesShown(stored: Partial<ContentDocuments>) {
  const used = new Set<DocumentKey>()
  const { html } = await prerenderStorePage(PATH, recordingStore(prerenderStore(stored), used))
  const { document } = new JSDOM(html).window as unknown as Window
  const names = [...document.querySelectorAll('.staff-card__name')].map((h) => h.textContent)
  return { names, used }
}

describe("a team page's coaches", () => {
  it('should show the cards of its coaches row alone while the teams and the staff are stored', async () => {
    const rows = storedRows({ teams: STORED_TEAMS, staff: STORED_STAFF })
    expect(rows['coaches/flash-12u']).toHaveLength(2)
    const { names, used } = await coachesShown(rows)
    expect(names).toEqual(['Coach A. Rivera (stored)', 'Coach C. Doyle'])
    expect(used).toContain('coaches/flash-12u')
    expect(used).not.toContain('staff')
    // The row is what it shows: a card it holds shows as it holds it.
    const { names: fromRow } = await coachesShown({
      ...rows,
      'coaches/flash-12u': [card('coach-doyle', 'Only In The Row')],
    })
    expect(fromRow).toEqual(['Only In The Row'])
  })

  it('should resolve the stored team’s coaches against the built-in staff while no staff is stored', async () => {
    const { names, used } = await coachesShown(storedRows({ teams: STORED_TEAMS }))
    expect(names).toEqual(['Coach A. Rivera', 'Coach C. Doyle'])
    expect(used).toContain('staff')
  })

  it('should resolve the built-in team’s coaches against the stored staff while no teams are stored, never showing a sample coach staff removed', async () => {
    const { names, used } = await coachesShown(storedRows({ staff: STORED_STAFF }))
    // The sample team names Halvorsen and Adeyemi: the stored staff renamed one, removed the other.
    expect(TEAM.coaches).toEqual(['coach-halvorsen', 'softball-director'])
    expect(names).toEqual(['Coach E. Halvorsen (stored)'])
    expect(used).toContain('staff')
  })

  it('should show the coaches the prerender made where the database keeps no row, never reading the staff', async () => {
    // As apps/web's entry-server makes it: the stored team's coaches from the built-in staff.
    const { names, used } = await coachesShown({
      ...storedRows({ teams: STORED_TEAMS }),
      'coaches/flash-12u': [card('coach-rivera', 'Coach A. Rivera')],
    })
    expect(names).toEqual(['Coach A. Rivera'])
    expect(used).not.toContain('staff')
  })

  it('should show the built-in coaches while nothing is stored', async () => {
    const { names } = await coachesShown({})
    expect(names).toEqual(['Coach E. Halvorsen', 'M. Adeyemi'])
  })
})

describe('the store, on whether a row is stored', () => {
  const coaches = [card('coach-doyle', 'Coach C. Doyle')]
  const storeWith = (rows: { key: string; value: unknown; version: number }[]) =>
    createContentStore<ContentDocuments>({
      repository: {
        read: async (keys) =>
          rows
            .filter((row) => keys.includes(row.key))
            .map((row) => ({ ...row, updatedAt: '2026-05-01T00:00:00Z' })),
        save: async () => {
          throw new Error('never saves')
        },
      },
      catalog: entitiesCatalog,
      storage: null,
      events: null,
      baseline: { 'coaches/flash-12u': coaches, staff: DEFAULT_CONTENT.staff },
      builtInBaseline: ['staff'],
      startWith: ['coaches/flash-12u', 'staff'],
    })

  it('should say a row the page was built with is stored, and a built-in one is not, until a read answers', async () => {
    const kept = storeWith([{ key: 'coaches/flash-12u', value: coaches, version: 4 }])
    expect(kept.wasStoredAsBuilt('coaches/flash-12u')).toBe(true)
    expect(kept.isStored('coaches/flash-12u')).toBe(true)
    expect(kept.wasStoredAsBuilt('staff')).toBe(false)
    expect(kept.isStored('staff')).toBe(false)
    await kept.ensure(['coaches/flash-12u', 'staff'])
    expect(kept.isStored('coaches/flash-12u')).toBe(true)
    expect(kept.isStored('staff')).toBe(false)
    kept.dispose()

    // The staff or the teams removed since the page was built: the read finds no row.
    const gone = storeWith([{ key: 'staff', value: DEFAULT_CONTENT.staff, version: 2 }])
    await gone.ensure(['coaches/flash-12u', 'staff'])
    expect(gone.isStored('coaches/flash-12u')).toBe(false)
    expect(gone.wasStoredAsBuilt('coaches/flash-12u')).toBe(true)
    expect(gone.isStored('staff')).toBe(true)
    gone.dispose()
  })

  it('should say a row the page brought as built in is not stored, and keep it when the read finds none', async () => {
    const made = createContentStore<ContentDocuments>({
      repository: { read: async () => [], save: async () => ({ version: 1 }) as never },
      catalog: entitiesCatalog,
      storage: null,
      events: null,
      baseline: { 'coaches/flash-12u': coaches },
      builtInBaseline: ['coaches/flash-12u'],
      startWith: ['coaches/flash-12u'],
    })
    await made.ensure(['coaches/flash-12u'])
    expect(made.isStored('coaches/flash-12u')).toBe(false)
    expect(made.wasStoredAsBuilt('coaches/flash-12u')).toBe(false)
    expect(made.holds('coaches/flash-12u')).toBe(true)
    expect(made.get('coaches/flash-12u')).toEqual(coaches)
    made.dispose()
  })
})
