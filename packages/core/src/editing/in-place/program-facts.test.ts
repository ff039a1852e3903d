import { describe, expect, it } from 'vitest'

import { programPageSchema } from '../../entities/program-content.ts'
import { DEFAULT_CONTENT } from '../../defaults/default-content.ts'
import { programFactsForm, readProgramFacts, registrationWithDeadline } from './program-facts.ts'
import type { ProgramFactsForm } from './program-facts.ts'

const form = (change: Partial<ProgramFactsForm> = {}): ProgramFactsForm => ({
  deadline: '2027-03-01',
  statesAges: true,
  minAge: '5',
  maxAge: '7',
  ageCutoff: '2027-04-30',
  ...change,
})

describe('program facts', () => {
  it('should read the stored facts into the controls and back unchanged', () => {
    const page = DEFAULT_CONTENT.programsContent.recreation
    const values = programFactsForm(page)
    expect(values.statesAges).toBe(page.eligibility !== undefined)
    const read = readProgramFacts(values)
    expect(read).toEqual({
      ok: true,
      facts: { deadline: page.registration?.deadline ?? '', eligibility: page.eligibility },
    })
  })

  it('should store typed ages as numbers and a deadline as a date', () => {
    expect(readProgramFacts(form({ minAge: ' 9 ', maxAge: '12' }))).toEqual({
      ok: true,
      facts: {
        deadline: '2027-03-01',
        eligibility: { minAge: 9, maxAge: 12, ageCutoff: '2027-04-30' },
      },
    })
  })

  it('should store no ages when the program states none, and no deadline when empty', () => {
    expect(readProgramFacts(form({ statesAges: false, minAge: 'x', deadline: '' }))).toEqual({
      ok: true,
      facts: { deadline: '', eligibility: undefined },
    })
  })

  it('should say what is wrong with each value it cannot store', () => {
    const read = readProgramFacts(
      form({ deadline: '2027-02-30', minAge: '2', maxAge: 'ten', ageCutoff: '' }),
    )
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.problems.deadline).toMatch(/last day to register/)
    expect(read.problems.minAge).toBe('Enter the youngest age as a whole number from 3 to 21.')
    expect(read.problems.maxAge).toBe('Enter the oldest age as a whole number from 3 to 21.')
    expect(read.problems.ageCutoff).toMatch(/ages are counted on/)
  })

  it('should refuse a youngest age above the oldest', () => {
    const read = readProgramFacts(form({ minAge: '12', maxAge: '9' }))
    expect(read).toEqual({
      ok: false,
      problems: { maxAge: 'The oldest age must be at least the youngest (12).' },
    })
  })

  it('should set or clear the deadline, keeping the link and when registration opens', () => {
    const stored = { link: 'https://club.test/r', opensText: 'soon', deadline: '2027-01-01' }
    expect(registrationWithDeadline(stored, '2027-03-01')).toEqual({
      ...stored,
      deadline: '2027-03-01',
    })
    expect(registrationWithDeadline(stored, '')).toEqual({
      link: 'https://club.test/r',
      opensText: 'soon',
    })
    expect(registrationWithDeadline(undefined, '2027-03-01')).toEqual({
      link: '',
      opensText: '',
      deadline: '2027-03-01',
    })
  })

  it('should store what the entity accepts', () => {
    const page = structuredClone(DEFAULT_CONTENT.programsContent.select)
    const read = readProgramFacts(form({ minAge: '9', maxAge: '14' }))
    if (!read.ok) throw new Error('expected facts')
    const next = {
      ...page,
      registration: registrationWithDeadline(page.registration, read.facts.deadline),
      eligibility: read.facts.eligibility,
    }
    expect(programPageSchema.parse(next)).toMatchObject({
      registration: { deadline: '2027-03-01' },
      eligibility: { minAge: 9, maxAge: 14, ageCutoff: '2027-04-30' },
    })
  })
})
