import { useEffect, useId, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { useSearchParams } from 'react-router'

import type { ProgramSummaries } from '../../entities/program-content.ts'
import { RegisterAction } from '../program/register-action.tsx'
import { programRegistration } from '../program/registration.ts'
import { formatClubDate } from '../../club/club-time.ts'
import { SmartLink } from '../shared/smart-link.tsx'
import { typedBeforeHydration } from '../shared/typed-before-hydration.ts'
import { MONTHS } from '../../club/club-time.ts'
import { useHydrated } from '../schedule/use-hydrated.ts'
import { paths } from '../../routing/public-paths.ts'
import { findPrograms, readAgeQuery } from './program-finder.ts'
import type { AgeQuery, ProgramMatch } from './program-finder.ts'
import '../forms/submission-form.css'

/** Props of {@link ProgramFinder}. */
export type ProgramFinderProps = {
  /**
   * Each program's name, ages, fees and registration: `programSummaries` (derived from
   * `programsContent`), or the whole `programsContent` while staff edit the page.
   */
  programsContent: ProgramSummaries
  /** The club's date (`YYYY-MM-DD`) the ages are read against. */
  today: string
}

/** What the finder answers: the programs that fit, or why it could not read the input. */
/** A birth year (or age) and month, as typed. */
type Asked = { value: string; month: string }

type Answer = { query: AgeQuery; matches: ProgramMatch[] } | { error: string }

function answerFor(
  value: string,
  month: string,
  programsContent: ProgramSummaries,
  today: string,
): Answer {
  const read = readAgeQuery(value, month, today)
  if ('error' in read) return read
  return { query: read.query, matches: findPrograms(read.query, programsContent, today) }
}

function describeQuery(query: AgeQuery): string {
  const month = query.month ? `${MONTHS[query.month - 1]} ` : ''
  return query.kind === 'birthYear'
    ? `a player born in ${month}${query.year}`
    : `a player aged ${query.age} today${query.month ? `, born in ${month.trim()}` : ''}`
}

function MatchItem({
  match,
  programsContent,
  today,
}: {
  match: ProgramMatch
  programsContent: ProgramSummaries
  today: string
}) {
  const page = programsContent[match.slug]
  const { minAge, maxAge, ageCutoff } = match.eligibility
  const deadline = page.registration?.deadline ?? ''
  const cutoff = formatClubDate(ageCutoff)
  return (
    <li className="program-finder__match">
      <h3 className="program-finder__name">
        <SmartLink to={paths.program(match.slug)}>{page.name}</SmartLink>
      </h3>
      <dl className="program-finder__facts">
        <div>
          <dt>Ages</dt>
          <dd>
            {minAge}–{maxAge} on {cutoff}
            {!match.certain && (
              <span className="program-finder__depends">
                {' '}
                (depends on the birthday: your player will be {match.ages.join(' or ')} on {cutoff})
              </span>
            )}
          </dd>
        </div>
        {page.fees && (
          <div>
            <dt>Fee</dt>
            <dd>{page.fees}</dd>
          </div>
        )}
        {deadline && (
          <div>
            <dt>Deadline</dt>
            <dd>
              {deadline < today
                ? `Registration closed on ${formatClubDate(deadline)}`
                : `Register by ${formatClubDate(deadline)}`}
            </dd>
          </div>
        )}
      </dl>
      <div className="program-finder__actions">
        <RegisterAction
          state={programRegistration(match.slug, programsContent)}
          programName={page.name}
        />
        <SmartLink to={paths.schedule(`program=${match.slug}`)} className="program-finder__teams">
          Teams and schedule<span className="visually-hidden">: {page.name}</span>
        </SmartLink>
      </div>
    </li>
  )
}

/**
 * "Find your program": a family types a birth year (or the player's age today) and, if they
 * know it, the birth month; the finder lists the programs that take the player this season,
 * each with its ages, fee, deadline, Register action and teams, from the stored programs.
 */
export function ProgramFinder({ programsContent, today }: ProgramFinderProps) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const hydrated = useHydrated()
  const [searchParams] = useSearchParams()
  // What the family typed and what they last asked about; untouched until they act. The answer
  // is worked out at each render, so it follows the stored programs when they arrive after the
  // question was asked.
  const [own, setOwn] = useState<Asked & { asked?: Asked }>()

  // A form sent before the page was interactive arrives as `?born=2018&month=5` (the browser
  // sends it as a plain GET): once hydrated (the HTML could not know the query), it is answered
  // as if sent here, until the family changes anything.
  const sent = searchParams.get('born')
  const sentMonth = searchParams.get('month') ?? ''
  const fromAddress =
    own === undefined && hydrated && sent !== null
      ? {
          value: sent,
          month: /^(?:[1-9]|1[0-2])$/.test(sentMonth) ? sentMonth : '',
        }
      : undefined
  const current = fromAddress ?? own ?? { value: '', month: '' }
  const asked = fromAddress ?? own?.asked
  const answer = asked ? answerFor(asked.value, asked.month, programsContent, today) : undefined
  const error = answer && 'error' in answer ? answer.error : ''
  const result = answer && 'query' in answer ? answer : undefined

  // What was typed before the app took the page over, taken up once as the finder mounts.
  const monthRef = useRef<HTMLSelectElement>(null)
  useEffect(() => {
    const typed = typedBeforeHydration({ value: inputRef.current, month: monthRef.current }, [
      'value',
      'month',
    ])
    if (typed) setOwn((mine) => mine ?? { value: typed.value ?? '', month: typed.month ?? '' })
  }, [])

  const edit = (change: { value?: string; month?: string }) =>
    setOwn({ ...current, ...change, ...(asked ? { asked } : {}) })

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const next = answerFor(current.value, current.month, programsContent, today)
    setOwn({ ...current, asked: { value: current.value, month: current.month } })
    if ('error' in next) inputRef.current?.focus()
  }

  const inputId = `${id}-born`
  const monthId = `${id}-month`
  return (
    <section
      id="find-your-program"
      className="section program-finder"
      aria-labelledby={`${id}-title`}
    >
      <div className="container">
        <h2 id={`${id}-title`}>Find your program</h2>
        <form
          className="club-form program-finder__form"
          method="get"
          action="#find-your-program"
          noValidate
          onSubmit={onSubmit}
        >
          <div className="club-form__row">
            <div className={`club-form__field${error ? ' is-invalid' : ''}`}>
              <label className="club-form__label" htmlFor={inputId}>
                Birth year, or age today
              </label>
              <p id={`${inputId}-hint`} className="club-form__hint">
                For example 2017, or 9.
              </p>
              <input
                ref={inputRef}
                id={inputId}
                className="club-form__input"
                name="born"
                inputMode="numeric"
                autoComplete="off"
                value={current.value}
                onChange={(event) => edit({ value: event.target.value })}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
              />
              {error && (
                <p id={`${inputId}-error`} className="club-form__error">
                  <span className="visually-hidden">Error: </span>
                  {error}
                </p>
              )}
            </div>
            <div className="club-form__field">
              <label className="club-form__label" htmlFor={monthId}>
                Birth month<span className="club-form__optional"> (optional)</span>
              </label>
              <p id={`${monthId}-hint`} className="club-form__hint">
                For an exact answer near an age cutoff.
              </p>
              <select
                ref={monthRef}
                id={monthId}
                className="club-form__input"
                name="month"
                value={current.month}
                onChange={(event) => edit({ month: event.target.value })}
                aria-describedby={`${monthId}-hint`}
              >
                <option value="">Not sure</option>
                {MONTHS.map((name, index) => (
                  <option key={name} value={String(index + 1)}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <div className="club-form__actions">
            <button type="submit" className="btn btn--primary">
              Find programs
            </button>
          </div>
        </form>
        <div className="program-finder__result">
          <p role="status" className="program-finder__summary">
            {result &&
              (result.matches.length === 0
                ? `No program takes ${describeQuery(result.query)} this season.`
                : `${result.matches.length === 1 ? 'One program fits' : `${result.matches.length} programs fit`} ${describeQuery(result.query)}.`)}
          </p>
          {result && result.matches.length === 0 && (
            <p>
              <SmartLink to={paths.contact()}>Ask us</SmartLink> about camps, clinics and the right
              next step.
            </p>
          )}
          {result && result.matches.length > 0 && (
            <ul className="program-finder__matches" role="list">
              {result.matches.map((match) => (
                <MatchItem
                  key={match.slug}
                  match={match}
                  programsContent={programsContent}
                  today={today}
                />
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  )
}
