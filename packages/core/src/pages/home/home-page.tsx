import { EditableImage, EditableRegion, EditableText } from '../../editing/editable.tsx'
import { EditableList } from '../../editing/editable-list.tsx'
import { uniqueId } from '../../entities/unique-id.ts'
import { documentLocation } from '../../entities/document-path.ts'
import type { DocumentLocation } from '../../entities/document-path.ts'
import type { Clinic } from '../../entities/clinic.ts'
import type { HomeContent } from '../../entities/home-content.ts'
import type { NewsPost } from '../../entities/news-post.ts'
import type { LegacyStat } from '../../entities/legacy-stat.ts'
import type { QuickLink } from '../../entities/quick-link.ts'
import { CLUB_NAME, CLUB_SHORT_NAME } from '../shared/club-names.ts'
import { isSafeHref, SmartLink } from '../shared/smart-link.tsx'
import { TitledSection } from '../shared/titled-section.tsx'
import { storedItem } from '../shared/stored-item.ts'
import { DETAIL_HERO_IMAGE } from '../shared/detail-hero.ts'
import { LinkComingSoon } from '../shared/link-coming-soon.tsx'
import { isPlaceholderLink } from '../../entities/placeholder-link.ts'
import { metaDescription, type PageMeta } from '../shared/page-meta.ts'
import { HomeUpdates } from './home-updates.tsx'
import { QuickLinkIcon } from './quick-link-icon.tsx'
import '../shared/detail-hero.css'
import './home-page.css'
import { paths } from '../../routing/public-paths.ts'

/** Props of {@link HomePage}: the home content, the quick links and the Legacy and Impact figures. */
export type HomePageProps = {
  /** Content key `content`. */
  content: HomeContent
  /** Content key `quickLinks`. */
  quickLinks: readonly QuickLink[]
  /** Content key `legacyStats`. */
  legacyStats: readonly LegacyStat[]
  /** Content key `newsPosts`: the carousel stories show as the latest news. */
  newsPosts?: readonly NewsPost[]
  /** Content key `clinics`: the next camps and events. */
  clinics?: readonly Clinic[]
  /** The render time, which decides the upcoming events. */
  now?: Date
}

type Figure = {
  key: string
  value: string
  label: string
  logo: string
  valueAt: DocumentLocation
  labelAt: DocumentLocation
  logoAt: DocumentLocation
}

// New items an editor adds: placeholders to type over, valid for their schemas.
const newQuickLink = (): QuickLink => ({
  id: uniqueId('quick-link'),
  label: 'New link',
  description: '',
  link: '/',
  icon: 'link',
})
const newLegacyStat = (): LegacyStat => ({
  id: uniqueId('stat'),
  value: '0',
  label: 'New figure',
  logo: '',
})
const newHomeStat = () => ({ number: '0', label: 'New figure' })

// The `legacyStats` document is the block's source; the home document's own `stats` list is kept
// as a fallback so the block is never empty while an editor rebuilds the figures.
function figures(content: HomeContent, legacyStats: readonly LegacyStat[]): Figure[] {
  if (legacyStats.length > 0) {
    return legacyStats.map((stat, i) => ({
      key: stat.id,
      value: stat.value,
      label: stat.label,
      logo: stat.logo,
      valueAt: documentLocation('legacyStats', [i, 'value']),
      labelAt: documentLocation('legacyStats', [i, 'label']),
      logoAt: documentLocation('legacyStats', [i, 'logo']),
    }))
  }
  return content.legacyImpact.stats.map((stat, i) => ({
    key: `${i}`,
    value: stat.number,
    label: stat.label,
    logo: '',
    valueAt: documentLocation('content', ['legacyImpact', 'stats', i, 'number']),
    labelAt: documentLocation('content', ['legacyImpact', 'stats', i, 'label']),
    logoAt: documentLocation('content', []),
  }))
}

/** True when the club's online giving link is set: a usable address, not a placeholder. */
export function givingLinkSet(link: string | undefined): boolean {
  return !!link && !isPlaceholderLink(link) && isSafeHref(link)
}

/**
 * The home page (`/`): hero, quick links, latest news and upcoming events, Legacy and Impact,
 * the club's teams and the Support block.
 */
export function HomePage({
  content,
  quickLinks,
  legacyStats,
  newsPosts = [],
  clinics = [],
  now,
}: HomePageProps) {
  const { hero, legacyImpact, homeOf, support } = content
  const stats = figures(content, legacyStats)
  const storedHero = storedItem('content', ['hero'], hero)
  const storedLegacy = storedItem('content', ['legacyImpact'], legacyImpact)
  const storedSupport = storedItem('content', ['support'], support)
  return (
    <>
      <section className="home-hero detail-hero" aria-labelledby="home-hero-title">
        <div className="container detail-hero__inner home-hero__inner">
          <div className="home-hero__text">
            <EditableText as="h1" id="home-hero-title" {...storedHero.text('title')} />
            <EditableText as="p" className="home-hero__subtitle" {...storedHero.text('subtitle')} />
            {hero.buttonText && (
              <EditableRegion contentKey="content" path={['hero']}>
                <SmartLink to={hero.buttonLink} className="btn btn--primary home-hero__button">
                  {hero.buttonText}
                </SmartLink>
              </EditableRegion>
            )}
          </div>
          <div className="home-hero__media">
            <EditableImage
              {...storedHero.image('imageUrl')}
              alt={hero.imageAlt}
              {...DETAIL_HERO_IMAGE}
              className="detail-hero__image home-hero__image"
            />
          </div>
        </div>
      </section>

      {quickLinks.length > 0 && (
        <TitledSection className="section" titleId="quick-links-title" title="Quick links">
          <EditableList
            className="quick-links"
            role="list"
            contentKey="quickLinks"
            path={[]}
            items={quickLinks}
            itemKey={(link) => link.id}
            itemLabel={(link) => link.label}
            newItem={newQuickLink}
            renderItem={(link, i) => {
              const stored = storedItem('quickLinks', [i], link)
              return (
                <EditableRegion contentKey="quickLinks" path={[i]}>
                  <SmartLink to={link.link} className="quick-link">
                    <QuickLinkIcon name={link.icon} />
                    <span className="quick-link__text">
                      <EditableText className="quick-link__label" {...stored.text('label')} />
                      {link.description && (
                        <EditableText
                          className="quick-link__description"
                          {...stored.text('description')}
                        />
                      )}
                    </span>
                  </SmartLink>
                </EditableRegion>
              )
            }}
          />
        </TitledSection>
      )}

      {now && <HomeUpdates newsPosts={newsPosts} clinics={clinics} now={now} />}

      <TitledSection
        className="section section--navy"
        titleId="legacy-title"
        title={storedLegacy.text('title')}
      >
        <EditableText
          as="p"
          className="home-legacy__description"
          {...storedLegacy.text('description')}
        />
        <EditableList
          className="home-stats"
          role="list"
          {...(legacyStats.length > 0
            ? documentLocation('legacyStats', [])
            : documentLocation('content', ['legacyImpact', 'stats']))}
          items={stats}
          itemKey={(stat) => stat.key}
          itemProps={() => ({ className: 'home-stat' })}
          itemLabel={(stat) => stat.label}
          newItem={legacyStats.length > 0 ? newLegacyStat : newHomeStat}
          renderItem={(stat) => (
            <>
              {stat.logo && (
                <EditableImage
                  {...stat.logoAt}
                  src={stat.logo}
                  alt=""
                  width={48}
                  height={48}
                  className="home-stat__logo"
                />
              )}
              <EditableText className="home-stat__value" {...stat.valueAt} value={stat.value} />{' '}
              <EditableText className="home-stat__label" {...stat.labelAt} value={stat.label} />
            </>
          )}
        />
      </TitledSection>

      {homeOf.teams.length > 0 && (
        <TitledSection
          className="section"
          titleId="home-of-title"
          title={storedItem('content', ['homeOf'], homeOf).text('title')}
        >
          <ul className="home-teams" role="list">
            {homeOf.teams.map((team, i) => {
              const stored = storedItem('content', ['homeOf', 'teams', i], team)
              return (
                <li key={`${i}-${team.name}`}>
                  <EditableRegion contentKey="content" path={['homeOf', 'teams', i]}>
                    <SmartLink to={team.link} className="home-team">
                      <EditableImage
                        {...stored.image('logo')}
                        alt=""
                        width={120}
                        height={120}
                        className="home-team__logo"
                      />
                      <EditableText className="home-team__name" {...stored.text('name')} />
                    </SmartLink>
                  </EditableRegion>
                </li>
              )
            })}
          </ul>
        </TitledSection>
      )}

      <TitledSection
        className="section section--tint"
        innerClassName="container home-support"
        titleId="support-title"
        title={storedSupport.text('title')}
      >
        <EditableText
          as="p"
          className="lead home-support__description"
          {...storedSupport.text('description')}
        />
        {support.buttons.length > 0 && (
          <ul className="home-support__buttons" role="list">
            {support.buttons.map((button, i) =>
              // No Donate button while no giving link is set: /donate could only say "coming
              // soon" (the link is set, or replaced, on /donate in edit mode).
              button.link === paths.donate() && !givingLinkSet(support.donationLink) ? null : (
                <li key={`${i}-${button.text}`}>
                  <EditableRegion contentKey="content" path={['support', 'buttons', i]}>
                    {/* A placeholder address (reserved example domain) is no working button. */}
                    {isPlaceholderLink(button.link) ? (
                      <LinkComingSoon what={button.text} contactTo={paths.contact()} />
                    ) : (
                      <SmartLink to={button.link} className={`btn btn--${button.variant}`}>
                        {button.text}
                      </SmartLink>
                    )}
                  </EditableRegion>
                </li>
              ),
            )}
          </ul>
        )}
      </TitledSection>
    </>
  )
}

/** SEO tags for the home page; the image is the hero image. */
export function homeMeta(content: HomeContent): PageMeta {
  return {
    title: `${CLUB_SHORT_NAME} | Montgomery County & Washington, D.C.`,
    description: metaDescription(
      'Tee Ball, recreation baseball and softball, select, travel and showcase teams for kids in Montgomery County and Washington, D.C., since 1952.',
    ),
    image: content.hero.imageUrl,
  }
}

/** Options of {@link homeJsonLd}. */
export type HomeJsonLdOptions = {
  content: HomeContent
  /** The site's public origin, e.g. `https://example.org`; JSON-LD needs absolute addresses. */
  siteUrl: string
  /** The logo's site path. */
  logoPath?: string
}

function isWebUrl(link: string): boolean {
  return /^https?:\/\/\S+$/i.test(link)
}

/**
 * The home page's schema.org `SportsOrganization` (plain data; the lead renders it into a
 * `<script type="application/ld+json">`). `sameAs` lists the footer's social links that are set.
 *
 * @example
 * homeJsonLd({ content, siteUrl: 'https://example.org' })
 */
export function homeJsonLd({ content, siteUrl, logoPath = '/images/logo.svg' }: HomeJsonLdOptions) {
  const origin = siteUrl.replace(/\/+$/, '')
  const social = content.footer.socialLinks
  const sameAs = [social.facebook, social.instagram, social.twitter].filter(isWebUrl)
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsOrganization',
    name: CLUB_NAME,
    alternateName: CLUB_SHORT_NAME,
    sport: ['Baseball', 'Softball'],
    foundingDate: '1952',
    areaServed: [
      { '@type': 'AdministrativeArea', name: 'Montgomery County, Maryland' },
      { '@type': 'City', name: 'Washington, D.C.' },
    ],
    url: `${origin}/`,
    logo: `${origin}${logoPath}`,
    ...(sameAs.length > 0 ? { sameAs } : {}),
  }
}

export default HomePage
