import type { CSSProperties } from 'react'

import { EditableImage, EditableRegion, EditableText } from '../../editing/editable.tsx'
import { EditableList } from '../../editing/editable-list.tsx'
import type { ProgramCard } from '../../entities/program-card.ts'
import type { ProgramSummaries } from '../../entities/program-content.ts'
import { PROGRAM_SLUGS } from '../../entities/enums.ts'
import { RegisterAction } from '../program/register-action.tsx'
import { cardRegistration, programRegistration } from '../program/registration.ts'
import { SmartLink } from '../shared/smart-link.tsx'
import { storedItem } from '../shared/stored-item.ts'
import { readableTextOn } from '../../ui/color.ts'
import { ProgramFinder } from './program-finder-form.tsx'
import { metaDescription, pageTitle, type PageMeta } from '../shared/page-meta.ts'
import './programs-page.css'
import { paths } from '../../routing/public-paths.ts'

/** Props of {@link ProgramsPage}. */
export type ProgramsPageProps = {
  /** Content key `programCards`, in display order. */
  programCards: readonly ProgramCard[]
  /**
   * Content key `programsContent`: each program's registration, which the cards' Register
   * buttons and the registration list use. Without it, cards use their own links.
   */
  programsContent?: ProgramSummaries
  /** The club's date (`YYYY-MM-DD`) the program finder reads ages against; no finder without it. */
  today?: string
}

/** A button filled with a stored colour, its text white or near-black, whichever reads better. */
function filled(color: string): CSSProperties {
  return { backgroundColor: color, borderColor: color, color: readableTextOn(color) }
}

function ProgramCardItem({
  card,
  index,
  programsContent,
}: {
  card: ProgramCard
  index: number
  programsContent: ProgramSummaries | undefined
}) {
  const isEmphasized = card.type === 'emphasized'
  const showsLogo = card.displayType === 'logo' && Boolean(card.logoUrl)
  const stored = storedItem('programCards', [index], card)
  const registration = cardRegistration(card, index, programsContent)
  // The card's <li> (its class and data-display) is the list's item element: see ProgramsPage.
  return (
    <>
      <EditableImage
        {...stored.image('backgroundUrl')}
        alt=""
        width={1200}
        height={675}
        sizes={isEmphasized ? '(min-width: 48rem) 66vw, 100vw' : '(min-width: 48rem) 33vw, 100vw'}
        className="program-card__background"
        priority={index < 2}
      />
      {card.overlayEnabled && (
        <div
          className="program-card__overlay"
          style={{ backgroundColor: card.overlayColor, opacity: card.overlayOpacity }}
        />
      )}
      <div className="program-card__content">
        {(isEmphasized || card.ageRange) && (
          <p className="program-card__badges">
            {isEmphasized && <span className="badge program-card__featured">Featured</span>}
            {card.ageRange && <EditableText className="badge" {...stored.text('ageRange')} />}
          </p>
        )}
        <h2 className={`program-card__title${showsLogo ? ' program-card__title--logo' : ''}`}>
          {showsLogo && (
            // The name follows as text, so the logo itself adds nothing for screen readers.
            <EditableImage
              {...stored.at('logoUrl')}
              src={card.logoUrl ?? ''}
              alt=""
              width={240}
              height={120}
              sizes="15rem"
              className="program-card__logo"
            />
          )}
          <EditableText
            className={showsLogo ? 'program-card__logo-name' : undefined}
            {...stored.text('name')}
            style={{ color: card.nameColor }}
          />
        </h2>
        {card.tagline && (
          <EditableText
            as="p"
            className="program-card__tagline"
            {...stored.text('tagline')}
            style={{ color: card.taglineColor }}
          />
        )}
        <div className="program-card__actions">
          {registration && (
            <RegisterAction
              state={registration}
              programName={card.name}
              buttonClassName="btn program-card__button"
              buttonStyle={filled(card.regButtonColor)}
              tone="dark"
            />
          )}
          <EditableRegion {...stored.at('link')}>
            <SmartLink
              to={card.link}
              className="btn program-card__button"
              style={filled(card.viewPageButtonColor)}
            >
              View program<span className="visually-hidden">: {card.name}</span>
            </SmartLink>
          </EditableRegion>
        </div>
      </div>
    </>
  )
}

/** Every program with its Register action (the home page's Registration quick link lands here). */
function RegistrationList({ programsContent }: { programsContent: ProgramSummaries }) {
  return (
    <section
      id="registration"
      className="section section--tint"
      aria-labelledby="registration-title"
    >
      <div className="container">
        <h2 id="registration-title">Registration</h2>
        <p className="programs-registration__lead">
          Register here for the coming season. Where registration is not open yet, we show when it
          opens, and we can email you the day it does.
        </p>
        <ul className="programs-registration" role="list">
          {PROGRAM_SLUGS.map((slug) => {
            const page = programsContent[slug]
            return (
              <li key={slug} className="programs-registration__item">
                <h3 className="programs-registration__name">
                  <SmartLink to={paths.program(slug)}>{page.name}</SmartLink>
                </h3>
                <RegisterAction
                  state={programRegistration(slug, programsContent)}
                  programName={page.name}
                />
              </li>
            )
          })}
        </ul>
      </div>
    </section>
  )
}

/**
 * The Programs overview (`/programs`): one card per program, styled by its stored colours, and
 * the registration list. Emphasized cards span two columns on wider screens and carry a
 * Featured badge.
 */
export function ProgramsPage({ programCards, programsContent, today }: ProgramsPageProps) {
  return (
    <>
      <section className="page-hero" aria-labelledby="programs-title">
        <div className="container">
          <h1 id="programs-title">Our Programs</h1>
          <p>
            From a first swing in Tee Ball to high-school showcase baseball: recreation, select,
            travel and fastpitch teams for every age and level.
          </p>
        </div>
      </section>
      {programsContent && today && (
        <ProgramFinder programsContent={programsContent} today={today} />
      )}
      <section className="section" aria-label="Programs">
        <div className="container">
          {programCards.length > 0 ? (
            <EditableList
              className="program-cards"
              role="list"
              contentKey="programCards"
              path={[]}
              items={programCards}
              itemKey={(card) => card.id}
              itemProps={(card) => ({
                className: `program-card${card.type === 'emphasized' ? ' program-card--emphasized' : ''}`,
                'data-display': card.displayType === 'logo' && card.logoUrl ? 'logo' : 'text',
              })}
              itemLabel={(card) => card.name}
              renderItem={(card, i) => (
                <ProgramCardItem card={card} index={i} programsContent={programsContent} />
              )}
            />
          ) : (
            <p>Program details for the coming season will be posted soon.</p>
          )}
          <p className="programs-help">
            Not sure which program fits your player?{' '}
            <SmartLink to={paths.contact()}>Ask us</SmartLink> or see{' '}
            <SmartLink to={paths.schedule()}>season dates and tryouts</SmartLink>.
          </p>
        </div>
      </section>
      {programsContent && <RegistrationList programsContent={programsContent} />}
    </>
  )
}

/** SEO tags for the Programs overview; the image is the first card's background. */
export function programsMeta(programCards: readonly ProgramCard[]): PageMeta {
  const first = programCards[0]
  return {
    title: pageTitle('Programs'),
    description: metaDescription(
      'Compare Tee Ball, recreation baseball and softball, Select, Flash fastpitch, Big Train travel and DMV Prospects showcase teams, with ages and registration.',
    ),
    ...(first ? { image: first.backgroundUrl } : {}),
  }
}

export default ProgramsPage
