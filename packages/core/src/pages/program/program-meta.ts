import type { ProgramsContent } from '../../entities/program-content.ts'
import type { ProgramSlug } from '../../entities/program-slug.ts'
import { metaDescription, pageTitle, type PageMeta } from '../shared/page-meta.ts'
import { isProgramSlug } from '../shared/programs.ts'

// Written per program for search results; they describe what the page offers, not figures that
// editors may change.
const DESCRIPTIONS: Record<ProgramSlug, { suffix: string; description: string }> = {
  'tee-ball': {
    suffix: 'for Ages 4–6',
    description:
      'Tee Ball is a gentle first season of baseball for young children: how the season works, what to bring, fees and who coaches, from our Montgomery County club.',
  },
  recreation: {
    suffix: '',
    description:
      'Neighbourhood recreation baseball for every child who registers: spring and fall seasons, team placement, equipment, fees and volunteer coaching.',
  },
  'recreation-softball': {
    suffix: '',
    description:
      'No-tryout recreation fastpitch softball for girls in Montgomery County and D.C.: season format, teams, equipment, fees and coaching for new families.',
  },
  select: {
    suffix: 'Baseball Teams',
    description:
      'Select baseball is the step up from recreation: more games and practice close to home. See the season, fees, coaches, teams and tryout dates.',
  },
  'flash-softball': {
    suffix: 'Travel Teams',
    description:
      'Flash competitive fastpitch softball teams: tournament season, coaching, fees, team rosters and tryout dates for players and their families.',
  },
  'big-train': {
    suffix: 'Travel Baseball',
    description:
      'Big Train travel baseball teams play regional tournaments from spring into summer. See rosters, coaches, fees, equipment and the tryout dates.',
  },
  'dmv-prospects': {
    suffix: 'Showcase Baseball',
    description:
      'DMV Prospects high-school showcase baseball, one team per graduating class: college exposure, recruiting help, rosters, coaches and tryout dates.',
  },
}

/** SEO tags for a program page, e.g. 'Big Train Travel Baseball | {club short name}'. */
export function programMeta(slug: string, programsContent: Partial<ProgramsContent>): PageMeta {
  const page = isProgramSlug(slug) ? programsContent[slug] : undefined
  if (!isProgramSlug(slug) || !page) {
    return {
      title: pageTitle('Page Not Found'),
      description:
        'We couldn’t find that program. See all of our youth baseball and softball programs.',
    }
  }
  const { suffix, description } = DESCRIPTIONS[slug]
  return {
    title: pageTitle(suffix ? `${page.name} ${suffix}` : page.name),
    description: metaDescription(description),
    image: page.heroImage,
  }
}
