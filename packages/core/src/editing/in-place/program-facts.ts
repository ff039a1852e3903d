import { eligibilitySchema } from '../../entities/program-content.ts'
import type { Eligibility, ProgramPage, Registration } from '../../entities/program-content.ts'
import { isoDateSchema } from '../../entities/common.ts'

/*
 * The facts the program finder reads from a program (programsContent[slug]): who the program
 * is for (`eligibility`: the ages it takes on the season's age cutoff) and the last day to
 * register (`registration.deadline`), as the program facts panel edits them. Pure: the panel
 * keeps the typed values as text and this module reads them against the entity's schemas.
 */

/** What the panel's controls hold, as typed. */
export type ProgramFactsForm = {
  /** `YYYY-MM-DD`, or `''` for no stated deadline. */
  deadline: string
  /** False: the program states no ages (the finder never suggests it). */
  statesAges: boolean
  minAge: string
  maxAge: string
  /** `YYYY-MM-DD`. */
  ageCutoff: string
}

/** A problem with one control's value, in words. */
export type ProgramFactsProblems = Partial<
  Record<Exclude<keyof ProgramFactsForm, 'statesAges'>, string>
>

/** What is stored when the panel saves. */
export type ProgramFacts = { deadline: string; eligibility: Eligibility | undefined }

/** The controls' values for a stored program page. */
export function programFactsForm(
  page: Pick<ProgramPage, 'eligibility' | 'registration'>,
): ProgramFactsForm {
  const eligibility = page.eligibility
  return {
    deadline: page.registration?.deadline ?? '',
    statesAges: eligibility !== undefined,
    minAge: eligibility ? String(eligibility.minAge) : '',
    maxAge: eligibility ? String(eligibility.maxAge) : '',
    ageCutoff: eligibility?.ageCutoff ?? '',
  }
}

const AGE = { min: 3, max: 21 } as const

function readAge(text: string, which: 'youngest' | 'oldest'): number | string {
  const value = text.trim()
  if (!/^\d{1,2}$/.test(value) || Number(value) < AGE.min || Number(value) > AGE.max)
    return `Enter the ${which} age as a whole number from ${AGE.min} to ${AGE.max}.`
  return Number(value)
}

/**
 * Reads the panel's values: the facts to store, or a problem in words for each control whose
 * value cannot be stored (nothing is stored then, and nothing typed is lost).
 *
 * @example
 * readProgramFacts({ deadline: '2027-03-01', statesAges: true, minAge: '5', maxAge: '7', ageCutoff: '2027-04-30' })
 * // { ok: true, facts: { deadline: '2027-03-01', eligibility: { minAge: 5, maxAge: 7, ageCutoff: '2027-04-30' } } }
 */
export function readProgramFacts(
  form: ProgramFactsForm,
): { ok: true; facts: ProgramFacts } | { ok: false; problems: ProgramFactsProblems } {
  const problems: ProgramFactsProblems = {}
  const deadline = form.deadline.trim()
  if (deadline !== '' && !isoDateSchema.safeParse(deadline).success)
    problems.deadline =
      'Enter the last day to register as a date (year, month and day), or leave it empty.'
  let eligibility: Eligibility | undefined
  if (form.statesAges) {
    const minAge = readAge(form.minAge, 'youngest')
    const maxAge = readAge(form.maxAge, 'oldest')
    if (typeof minAge === 'string') problems.minAge = minAge
    if (typeof maxAge === 'string') problems.maxAge = maxAge
    const ageCutoff = form.ageCutoff.trim()
    if (!isoDateSchema.safeParse(ageCutoff).success)
      problems.ageCutoff = 'Enter the date the players’ ages are counted on (year, month and day).'
    if (typeof minAge === 'number' && typeof maxAge === 'number' && minAge > maxAge)
      problems.maxAge = `The oldest age must be at least the youngest (${minAge}).`
    if (Object.keys(problems).length === 0) {
      const parsed = eligibilitySchema.safeParse({ minAge, maxAge, ageCutoff })
      if (parsed.success) eligibility = parsed.data
      else problems.maxAge = parsed.error.issues[0]?.message ?? 'These ages cannot be stored.'
    }
  }
  if (Object.keys(problems).length > 0) return { ok: false, problems }
  return { ok: true, facts: { deadline, eligibility } }
}

/**
 * The stored registration with the deadline set (`''` removes it), keeping its link and when
 * it opens; a page stored before registration existed gets an empty one.
 */
export function registrationWithDeadline(
  registration: Registration | undefined,
  deadline: string,
): Registration {
  const { deadline: _previous, ...rest } = registration ?? { link: '', opensText: '' }
  return deadline === '' ? rest : { ...rest, deadline }
}
