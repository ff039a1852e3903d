import { documentLocation } from '../../entities/document-path.ts'
import type { DocumentLocation, DocumentPath } from '../../entities/document-path.ts'
import type { ProgramCard } from '../../entities/program-card.ts'
import type { ProgramSummaries } from '../../entities/program-content.ts'
import type { ProgramSlug } from '../../entities/program-slug.ts'
import { isPlaceholderLink } from '../../entities/placeholder-link.ts'
import { PROGRAM_SLUGS } from '../../entities/enums.ts'
import { isProgramSlug } from '../shared/programs.ts'
import { isSafeHref } from '../shared/smart-link.tsx'
import { matchPattern, paths, ROUTE_PATTERNS } from '../../routing/public-paths.ts'

/*
 * Where a "Register" action goes. Each program keeps one registration link (programsContent
 * [slug].registration.link); every Register button for the program (its page, its card, its
 * tryouts panel) uses it. While a program has no link, families see when registration opens and
 * can ask to be told, instead of being sent to a contact page.
 */

/** Registration is open: the action is a link, stored at `path` of `contentKey`. */
export type OpenRegistration = {
  kind: 'open'
  link: string
} & DocumentLocation

/** Registration is not open yet: when it opens (`''` when not yet known), and who to tell. */
export type UpcomingRegistration = {
  kind: 'upcoming'
  opensText: string
  /** The registration-interest form for this program. */
  interestLink: string
  path: DocumentPath<'programsContent'>
}

/**
 * A registration link is stored but is a placeholder (on a domain reserved for examples, as the
 * sample content's are): no working button, but that the link is coming and who to ask. The
 * link stays at `path` of `contentKey`, where edit mode marks it "Sample — replace me".
 */
export type PlaceholderRegistration = {
  kind: 'soon'
  /** The registration-interest form for this program, or the contact page. */
  interestLink: string
} & DocumentLocation

/** A program's registration, as a Register action shows it. */
export type RegistrationState = OpenRegistration | UpcomingRegistration | PlaceholderRegistration

/**
 * The registration-interest form on the contact page for one program.
 *
 * @example
 * registrationInterestLink('select') // '/contact?program=select#registration-interest'
 */
export function registrationInterestLink(slug: ProgramSlug): string {
  return paths.contact('registration-interest', `program=${encodeURIComponent(slug)}`)
}

/**
 * The programs as far as their registration goes: the whole `programsContent`, the summaries
 * the database derives from it (`programSummaries`), their registrations alone
 * (`programRegistrations`), or one program's page alone.
 */
export type ProgramRegistrations = Readonly<
  Partial<
    Record<
      ProgramSlug,
      Pick<ProgramSummaries[ProgramSlug], 'registration'> &
        Partial<Pick<ProgramSummaries[ProgramSlug], 'name'>>
    >
  >
>

/** A program's registration: its link when it has a usable one, otherwise when it opens. */
export function programRegistration(
  slug: ProgramSlug,
  programsContent: ProgramRegistrations,
): RegistrationState {
  const registration = programsContent[slug]?.registration
  const link = registration?.link ?? ''
  if (link && isPlaceholderLink(link)) {
    return {
      kind: 'soon',
      interestLink: registrationInterestLink(slug),
      contentKey: 'programsContent',
      path: [slug, 'registration'],
    }
  }
  if (link && isSafeHref(link)) {
    return { kind: 'open', link, ...documentLocation('programsContent', [slug, 'registration']) }
  }
  return {
    kind: 'upcoming',
    opensText: registration?.opensText.trim() ?? '',
    interestLink: registrationInterestLink(slug),
    path: [slug, 'registration'],
  }
}

/** The program a card presents: its id when that is a program slug, else its link's program. */
export function programOfCard(card: Pick<ProgramCard, 'id' | 'link'>): ProgramSlug | undefined {
  if (isProgramSlug(card.id)) return card.id
  const slug = card.link.startsWith('/')
    ? matchPattern(ROUTE_PATTERNS.program, card.link)?.program
    : undefined
  return slug && isProgramSlug(slug) ? slug : undefined
}

/**
 * The Register action of a program card: the program's own link first, then a link stored on
 * the card itself (for cards that present no program), then when the program's registration
 * opens. `undefined` when the card shows no Register action at all.
 */
export function cardRegistration(
  card: ProgramCard,
  index: number,
  programsContent: ProgramRegistrations | undefined,
): RegistrationState | undefined {
  const slug = programOfCard(card)
  const program = slug && programsContent ? programRegistration(slug, programsContent) : undefined
  if (program?.kind === 'open') return program
  if (card.registrationLink && isPlaceholderLink(card.registrationLink)) {
    // The program's own state says more (when it opens) than a card's placeholder does.
    return (
      program ?? {
        kind: 'soon',
        interestLink: paths.contact('registration-interest'),
        contentKey: 'programCards',
        path: [index, 'registrationLink'],
      }
    )
  }
  if (card.registrationLink && isSafeHref(card.registrationLink)) {
    return {
      kind: 'open',
      link: card.registrationLink,
      ...documentLocation('programCards', [index, 'registrationLink']),
    }
  }
  return program
}

/** The programs whose registration is not open: no usable link is set (none, or a placeholder). */
export function programsWithoutRegistration(programsContent: ProgramRegistrations): ProgramSlug[] {
  return PROGRAM_SLUGS.filter(
    (slug) => programsContent[slug] && programRegistration(slug, programsContent).kind !== 'open',
  )
}

/** True while at least one program's registration is open (a usable link is set). */
export function anyRegistrationOpen(programsContent: ProgramRegistrations): boolean {
  return PROGRAM_SLUGS.some(
    (slug) => programsContent[slug] && programRegistration(slug, programsContent).kind === 'open',
  )
}

/** Text that tells families registration is open ("Registration is open", "now open for"). */
const CLAIMS_OPEN =
  /\bregist(?:ration|er)\b[^.!?]{0,40}\b(?:is|are|now)\s+open\b|\bopen\s+for\s+registration\b/i

/** True when `text` (a title, message or news text) says registration is open. */
export function claimsRegistrationOpen(text: string): boolean {
  return CLAIMS_OPEN.test(text.replace(/<[^>]*>/g, ' '))
}

/**
 * The warning staff see where the club's own alert says registration is open while programs
 * have no registration link, or undefined when the alert and the programs agree.
 *
 * @example
 * registrationClaimWarning(['Registration is open'], 6)
 * // 'The alert says registration is open, but 6 programs have no registration link'
 */
export function registrationClaimWarning(
  texts: readonly string[],
  programsWithoutLink: number,
): string | undefined {
  if (programsWithoutLink === 0 || !texts.some(claimsRegistrationOpen)) return undefined
  const programs =
    programsWithoutLink === 1 ? '1 program has' : `${programsWithoutLink} programs have`
  return `The alert says registration is open, but ${programs} no registration link`
}
