import { Link } from '../../ui/link.tsx'
import { CLUB } from '../../club/club-identity.ts'
import { EditableImage, EditableRegion, EditableText } from '../../editing/editable.tsx'
import type { ClubContact, Sponsor, SponsorTier } from '../../entities/home-content.ts'
import { shownContact } from '../shared/club-contact.ts'
import { MarkedLink } from '../program/external-mark.tsx'
import { isPlaceholderLink } from '../../entities/placeholder-link.ts'
import type { PageMeta } from '../shared/page-meta.ts'
import { pageTitle } from '../shared/page-meta.ts'
import { storedItem } from '../shared/stored-item.ts'
import './sponsors-page.css'
import { paths } from '../../routing/public-paths.ts'
import { TitledCardsSection } from '../shared/titled-cards.tsx'
import { TitledSection } from '../shared/titled-section.tsx'

/**
 * A sponsorship level: its tier (the `tier` of the sponsors in it), name, yearly amount and what
 * the sponsor receives.
 */
export type SponsorshipLevel = { id: SponsorTier; name: string; amount: string; benefits: string[] }

/**
 * The words of /sponsors. No content key holds them yet, so the page takes them as a prop
 * with {@link SPONSORS_PAGE_TEXT} as the default; a `sponsorsContent` key can replace it later.
 */
export type SponsorsPageText = {
  intro: string
  reasons: { id: string; title: string; text: string }[]
  levels: SponsorshipLevel[]
  /**
   * How to become a sponsor: the first step, then how to reach the club (by email while the
   * club's email is set, else by the message form, never "Email us" without an address), then
   * the last step.
   */
  howTo: {
    text: string
    first: string
    reach: { byEmail: string; byMessage: string }
    last: string
  }
}

/** The default words of /sponsors. */
export const SPONSORS_PAGE_TEXT: SponsorsPageText = {
  intro: `Local businesses and families have backed our players since ${CLUB.foundedYear}. A sponsorship keeps registration affordable and puts your name in front of thousands of families every season.`,
  reasons: [
    {
      id: 'community',
      title: 'Invest in your community',
      text: 'Our players, coaches and families live and work here. Your support reaches them directly, season after season.',
    },
    {
      id: 'fields',
      title: 'Keep our fields in play',
      text: 'Sponsorships pay for field maintenance, lights, mound clay and the equipment that keeps games safe.',
    },
    {
      id: 'scholarships',
      title: 'Fund scholarships',
      text: 'Financial aid means no child is turned away because of cost. Every sponsorship helps a player take the field.',
    },
  ],
  levels: [
    {
      id: 'grand-slam',
      name: 'Grand Slam',
      amount: '$5,000 a year',
      benefits: [
        'Large outfield banner at a main field',
        'Logo on the website’s sponsor page and in every season newsletter',
        'Recognition at Opening Day',
        'Team sponsorship of your choice, with your name on the jerseys',
      ],
    },
    {
      id: 'home-run',
      name: 'Home Run',
      amount: '$2,500 a year',
      benefits: [
        'Outfield banner at a main field',
        'Logo on the website’s sponsor page',
        'Recognition at Opening Day',
      ],
    },
    {
      id: 'triple',
      name: 'Triple',
      amount: '$1,000 a year',
      benefits: ['Outfield banner at a neighbourhood field', 'Name on the website’s sponsor page'],
    },
    {
      id: 'double',
      name: 'Double',
      amount: '$500 a year',
      benefits: [
        'Team sponsorship with a plaque for your business',
        'Name on the website’s sponsor page',
      ],
    },
    {
      id: 'single',
      name: 'Single',
      amount: '$250 a year',
      benefits: [
        'Name on the website’s sponsor page',
        'A thank-you certificate signed by the team',
      ],
    },
  ],
  howTo: {
    text: 'Becoming a sponsor takes a short conversation. Tell us which level interests you, or ask about a custom package.',
    first: 'Choose a level, or ask us about sponsoring a single team.',
    reach: {
      byEmail: 'Email us, and we will confirm the details and send an invoice.',
      byMessage: 'Send us a message, and we will confirm the details and send an invoice.',
    },
    last: 'Send your logo or name, and we will take care of the banner and the website.',
  },
}

/** Props of {@link SponsorsPage}. */
export type SponsorsPageProps = {
  /** The current sponsors (`content.support.sponsors`), in stored order. */
  sponsors?: readonly Sponsor[]
  /** The club's own details (`content.contact`): its email, when set, is how to reach it. */
  contact?: ClubContact
  text?: SponsorsPageText
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z0-9]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
  return letters.join('') || '?'
}

function SponsorCard({
  sponsor,
  index,
  tierName,
  first,
}: {
  sponsor: Sponsor
  index: number
  tierName: string
  /** The first card: on a phone its logo is the likely largest paint, loaded at once. */
  first: boolean
}) {
  const stored = storedItem('content', ['support', 'sponsors', index], sponsor)
  const name = <EditableText {...stored.text('name')} />
  const isTop = sponsor.tier === 'grand-slam' || sponsor.tier === 'home-run'
  return (
    <li className={`card-surface sponsor-card${isTop ? ' sponsor-card--top' : ''}`}>
      <div className="sponsor-card__logo">
        {sponsor.logoUrl ? (
          // The name follows as text, so the logo is decorative.
          <EditableImage
            {...stored.image('logoUrl')}
            alt=""
            width={360}
            height={180}
            sizes={isTop ? '(min-width: 40rem) 18rem, 100vw' : '(min-width: 40rem) 14rem, 50vw'}
            priority={first}
          />
        ) : (
          <span className="sponsor-card__initials" aria-hidden="true">
            {initials(sponsor.name)}
          </span>
        )}
      </div>
      <p className="sponsor-card__name">
        {/* A placeholder address (the sample sponsors') is no working link: the name only. */}
        {sponsor.link ? (
          <EditableRegion {...stored.at('link')}>
            {isPlaceholderLink(sponsor.link) ? (
              name
            ) : (
              <MarkedLink to={sponsor.link}>{name}</MarkedLink>
            )}
          </EditableRegion>
        ) : (
          name
        )}
      </p>
      <p className="sponsor-card__tier">
        <span className="badge">{tierName}</span>
      </p>
    </li>
  )
}

/** The current sponsors, highest tier first (stored order within a tier), each with its tier. */
function CurrentSponsors({
  sponsors,
  levels,
}: {
  sponsors: readonly Sponsor[]
  levels: readonly SponsorshipLevel[]
}) {
  const rank = (tier: SponsorTier) => {
    const at = levels.findIndex((level) => level.id === tier)
    return at < 0 ? levels.length : at
  }
  const ordered = sponsors
    .map((sponsor, index) => ({ sponsor, index }))
    .sort((a, b) => rank(a.sponsor.tier) - rank(b.sponsor.tier) || a.index - b.index)
  return (
    <TitledSection className="section" titleId="sponsors-current" title="Our sponsors">
      {ordered.length > 0 ? (
        <>
          <p className="lead">
            Thank you to the businesses and families who keep our fields in play this season.
          </p>
          <ul className="sponsor-cards" role="list">
            {ordered.map(({ sponsor, index }, position) => (
              <SponsorCard
                key={sponsor.id}
                sponsor={sponsor}
                index={index}
                first={position === 0}
                tierName={levels.find((level) => level.id === sponsor.tier)?.name ?? 'Sponsor'}
              />
            ))}
          </ul>
        </>
      ) : (
        <p className="lead">Be the first sponsor of the season: see the levels below.</p>
      )}
    </TitledSection>
  )
}

/** /sponsors: the current sponsors, why sponsor, the sponsorship levels, and how to become one. */
export function SponsorsPage({
  sponsors = [],
  contact,
  text = SPONSORS_PAGE_TEXT,
}: SponsorsPageProps) {
  const { email } = shownContact(contact)
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Become a Sponsor</h1>
          <p>{text.intro}</p>
        </div>
      </section>
      <CurrentSponsors sponsors={sponsors} levels={text.levels} />
      <TitledCardsSection
        id="sponsors-why"
        heading="Why sponsor the league"
        items={text.reasons}
        tint
        listClassName="sponsors-reasons"
      />
      <TitledSection className="section" titleId="sponsors-levels" title="Sponsorship levels">
        <ul className="sponsors-levels">
          {text.levels.map((level) => (
            <li key={level.id} className="card sponsor-level">
              <div className="card__body">
                <h3>{level.name}</h3>
                <p className="sponsor-level__amount">{level.amount}</p>
                <ul className="sponsor-level__benefits">
                  {level.benefits.map((benefit) => (
                    <li key={benefit}>{benefit}</li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
      </TitledSection>
      <TitledSection
        className="section section--tint"
        innerClassName="container sponsors-how"
        titleId="sponsors-how"
        title="How to become a sponsor"
      >
        <p>{text.howTo.text}</p>
        <ol>
          <li>{text.howTo.first}</li>
          <li>{email ? text.howTo.reach.byEmail : text.howTo.reach.byMessage}</li>
          <li>{text.howTo.last}</li>
        </ol>
        <p className="sponsors-how__actions">
          {/* Only while the club's email is set (a sample address counts as not set). */}
          {email && (
            <>
              <a className="btn btn--primary" href={`mailto:${email}`}>
                Email us at {email}
              </a>{' '}
            </>
          )}
          <Link className="btn btn--outline" to={paths.contact()}>
            Contact the club
          </Link>
        </p>
        <p>
          Prefer to give without sponsoring? <Link to={paths.donate()}>Make a donation</Link>.
        </p>
      </TitledSection>
    </>
  )
}

/** Head tags of /sponsors. */
export function sponsorsMeta(): PageMeta {
  return {
    title: pageTitle('Sponsors'),
    description:
      'Meet the sponsors of our youth baseball and softball club, compare sponsorship levels and learn how to support local fields and scholarships.',
  }
}
