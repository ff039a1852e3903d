import { describe, expect, it } from 'vitest'

import { defaultProgramCards } from '../../defaults/program-cards.ts'
import { defaultProgramsContent } from '../../defaults/programs-content.ts'
import type { ProgramCard } from '../../entities/program-card.ts'
import type { ProgramsContent } from '../../entities/program-content.ts'
import { PROGRAM_SLUGS } from '../../entities/program-slug.ts'
import {
  cardRegistration,
  programOfCard,
  programRegistration,
  registrationInterestLink,
} from './registration.ts'

const card = defaultProgramCards[0] as ProgramCard
/** A registration link as a club would store it (not on a domain reserved for examples). */
const CLUB_LINK = 'https://signup.club-baseball.test/tee-ball'

function withRegistration(link: string, opensText = ''): ProgramsContent {
  return {
    ...defaultProgramsContent,
    'tee-ball': { ...defaultProgramsContent['tee-ball'], registration: { link, opensText } },
  }
}

describe('programRegistration', () => {
  it('should be open at the program’s own link', () => {
    expect(programRegistration('tee-ball', withRegistration(CLUB_LINK))).toEqual({
      kind: 'open',
      link: CLUB_LINK,
      contentKey: 'programsContent',
      path: ['tee-ball', 'registration'],
    })
  })

  it('should say when registration opens, with the interest form, while there is no link', () => {
    expect(programRegistration('tee-ball', withRegistration('', '  March 1, 2027 '))).toEqual({
      kind: 'upcoming',
      opensText: 'March 1, 2027',
      interestLink: '/contact?program=tee-ball#registration-interest',
      path: ['tee-ball', 'registration'],
    })
  })

  it('should never send families to a link the site refuses to render', () => {
    const state = programRegistration('tee-ball', withRegistration('javascript:alert(1)'))
    expect(state.kind).toBe('upcoming')
  })

  it('should treat a program stored before registration existed as not open yet', () => {
    const { registration: _none, ...older } = defaultProgramsContent['tee-ball']
    const state = programRegistration('tee-ball', { ...defaultProgramsContent, 'tee-ball': older })
    expect(state).toMatchObject({ kind: 'upcoming', opensText: '' })
  })

  it('should never present a placeholder link (a domain reserved for examples) as open', () => {
    for (const link of ['https://example.org/register/tee-ball', 'https://signup.example.com/']) {
      expect(programRegistration('tee-ball', withRegistration(link, 'May 1'))).toEqual({
        kind: 'soon',
        interestLink: '/contact?program=tee-ball#registration-interest',
        contentKey: 'programsContent',
        path: ['tee-ball', 'registration'],
      })
    }
  })

  it('should give every sample program a placeholder link or an opening date, never a working button', () => {
    const kinds = new Set<string>()
    for (const slug of PROGRAM_SLUGS) {
      const state = programRegistration(slug, defaultProgramsContent)
      kinds.add(state.kind)
      if (state.kind === 'upcoming') expect(state.opensText).toMatch(/\d{4}$/)
      else expect(state.kind).toBe('soon')
    }
    expect([...kinds].sort()).toEqual(['soon', 'upcoming'])
  })
})

describe('registrationInterestLink', () => {
  it('should point at the interest form with the program', () => {
    expect(registrationInterestLink('dmv-prospects')).toBe(
      '/contact?program=dmv-prospects#registration-interest',
    )
  })
})

describe('programOfCard', () => {
  it('should read the program from the card id, else from its link', () => {
    expect(programOfCard({ id: 'select', link: '/somewhere' })).toBe('select')
    expect(programOfCard({ id: 'x1', link: '/programs/big-train' })).toBe('big-train')
    expect(programOfCard({ id: 'x1', link: '/programs/big-train#tryouts' })).toBe('big-train')
    expect(programOfCard({ id: 'x1', link: '/programs/curling' })).toBeUndefined()
    expect(programOfCard({ id: 'x1', link: 'https://example.org/programs/select' })).toBeUndefined()
  })
})

describe('cardRegistration', () => {
  it('should prefer the program’s link, then the card’s own, then the opening date', () => {
    const own = { ...card, registrationLink: '/camps-events' }
    expect(cardRegistration(own, 0, withRegistration(CLUB_LINK))).toMatchObject({
      kind: 'open',
      link: CLUB_LINK,
    })
    expect(cardRegistration(own, 3, withRegistration('', 'May 1'))).toEqual({
      kind: 'open',
      link: '/camps-events',
      contentKey: 'programCards',
      path: [3, 'registrationLink'],
    })
    expect(cardRegistration(card, 0, withRegistration('', 'May 1'))).toMatchObject({
      kind: 'upcoming',
      opensText: 'May 1',
    })
  })

  it('should not open a card’s own placeholder link', () => {
    const placeholder = { ...card, registrationLink: 'https://example.org/card' }
    expect(cardRegistration(placeholder, 0, withRegistration('', 'May 1'))).toMatchObject({
      kind: 'upcoming',
      opensText: 'May 1',
    })
    const other = { ...placeholder, id: 'camps', link: '/camps-events' }
    expect(cardRegistration(other, 2, defaultProgramsContent)).toEqual({
      kind: 'soon',
      interestLink: '/contact#registration-interest',
      contentKey: 'programCards',
      path: [2, 'registrationLink'],
    })
  })

  it('should show no action for a card that names no program and has no link', () => {
    const other = { ...card, id: 'camps', link: '/camps-events', registrationLink: '' }
    expect(cardRegistration(other, 0, defaultProgramsContent)).toBeUndefined()
    expect(cardRegistration(card, 0, undefined)).toBeUndefined()
  })
})
