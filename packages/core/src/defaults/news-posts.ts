import type { NewsPost } from '../entities/news-post.ts'
import { CLUB } from '../club/club-identity.ts'
import { PROGRAM_FACTS, TRYOUT_FEE, WEATHER_POLICY } from '../club/club-facts.ts'
import { IMAGES } from './images.ts'
import { paths } from '../routing/public-paths.ts'

const HEADING = 'text-slate-900'
const BODY = 'text-slate-700'

/** Sample news articles; together they use every block type, and three are in the carousel. */
export const defaultNewsPosts: NewsPost[] = [
  {
    id: 'news-spring-registration',
    slug: 'spring-registration-is-open',
    title: 'Spring Registration Is Coming',
    cardTitle: 'Spring registration is coming',
    author: 'Club Staff',
    date: '2026-11-02',
    imageUrl: IMAGES.news.registration,
    cardImageUrl: IMAGES.news.registration,
    excerpt:
      'Tee Ball, recreation baseball and recreation softball open for the spring season soon. Here is what families need to know.',
    cardExcerpt: 'Tee Ball, recreation baseball and softball open for spring soon.',
    showInCarousel: true,
    content: [
      {
        id: 'b1',
        type: 'heading2',
        colorClass: HEADING,
        text: 'Programs for every age',
      },
      {
        id: 'b2',
        type: 'paragraph',
        colorClass: BODY,
        text: 'Registration for the spring season opens soon, with a link on each program’s page. Teams are formed by age group, and every player who registers gets a spot on a team.',
      },
      {
        id: 'b3',
        type: 'list',
        colorClass: BODY,
        items: [
          `<strong>${PROGRAM_FACTS['tee-ball'].name}</strong> (${PROGRAM_FACTS['tee-ball'].ageRange.toLowerCase()}): ${PROGRAM_FACTS['tee-ball'].fee}`,
          `<strong>${PROGRAM_FACTS.recreation.name}</strong> (${PROGRAM_FACTS.recreation.ageRange.toLowerCase()}): ${PROGRAM_FACTS.recreation.fee}`,
          `<strong>${PROGRAM_FACTS['recreation-softball'].name}</strong>: ${PROGRAM_FACTS['recreation-softball'].fee}`,
          'Financial aid is available: <em>no child is turned away</em>.',
        ],
      },
      {
        id: 'b4',
        type: 'button',
        colorClass: '',
        text: 'See all programs',
        link: paths.programs(),
        variant: 'primary',
      },
    ],
  },
  {
    id: 'news-tryouts',
    slug: 'travel-and-showcase-tryouts-announced',
    title: 'Travel and Showcase Tryouts Announced',
    cardTitle: 'Tryouts announced',
    author: 'Program Director',
    date: '2026-10-18',
    imageUrl: IMAGES.news.tryouts,
    cardImageUrl: IMAGES.news.tryouts,
    excerpt:
      'Select, Flash, Big Train and DMV Prospects will hold tryouts next summer. Dates and details are on each program page.',
    cardExcerpt: 'Select, Flash, Big Train and DMV Prospects tryout dates are posted.',
    showInCarousel: true,
    content: [
      {
        id: 'b1',
        type: 'paragraph',
        colorClass: BODY,
        text: `Tryouts for our competitive programs are open to every eligible player. A ${TRYOUT_FEE.display} nonrefundable tryout fee applies.`,
      },
      {
        id: 'b2',
        type: 'image',
        colorClass: '',
        src: IMAGES.news.tryouts,
        alt: 'Players waiting their turn at a tryout, gloves in hand',
        caption: 'Tryouts cover throwing, fielding, hitting and base running.',
      },
      {
        id: 'b3',
        type: 'heading3',
        colorClass: HEADING,
        text: 'Where to find the dates',
      },
      {
        id: 'b4',
        type: 'list',
        colorClass: BODY,
        items: [
          `<a href="${paths.program('select')}">Select</a>`,
          `<a href="${paths.program('flash-softball')}">Flash fastpitch softball</a>`,
          `<a href="${paths.program('big-train')}">Big Train</a>`,
          `<a href="${paths.program('dmv-prospects')}">DMV Prospects</a>`,
        ],
      },
      {
        id: 'b5',
        type: 'button',
        colorClass: '',
        text: 'Big Train tryouts',
        link: paths.program('big-train'),
        variant: 'secondary',
      },
    ],
  },
  {
    id: 'news-weather',
    slug: 'how-we-call-weather-cancellations',
    title: 'How We Call Weather Cancellations',
    cardTitle: 'Weather cancellations, explained',
    author: 'Club Staff',
    date: '2026-09-05',
    imageUrl: IMAGES.news.weather,
    cardImageUrl: IMAGES.news.weather,
    excerpt: 'When fields close, who decides, and where to look before you leave home.',
    cardExcerpt: 'Who decides when fields close, and where to check.',
    showInCarousel: true,
    content: [
      {
        id: 'b1',
        type: 'heading2',
        colorClass: HEADING,
        text: 'County fields and league decisions',
      },
      {
        id: 'b2',
        type: 'paragraph',
        colorClass: BODY,
        text: `Montgomery County decides whether its fields are playable by ${WEATHER_POLICY.countyWeekdayDecision} on weekdays and ${WEATHER_POLICY.countyWeekendDecision} on weekends. The league posts its own cancellations by ${WEATHER_POLICY.leagueCancellationsBy}, and those are final.`,
      },
      {
        id: 'b3',
        type: 'heading3',
        colorClass: HEADING,
        text: 'Lightning',
      },
      {
        id: 'b4',
        type: 'paragraph',
        colorClass: BODY,
        text: `Play stops at the first lightning or thunder and resumes ${WEATHER_POLICY.lightningWaitMinutes} minutes after the last. Weather cancellations are not refunded.`,
      },
      {
        id: 'b5',
        type: 'button',
        colorClass: '',
        text: 'Read the weather policy',
        link: paths.rulesFaq('weather-policy'),
        variant: 'outline',
      },
    ],
  },
  {
    id: 'news-legacy',
    slug: 'a-community-league-since-1952',
    title: `A Community League Since ${CLUB.foundedYear}`,
    cardTitle: `Since ${CLUB.foundedYear}`,
    author: 'Club Staff',
    date: '2026-06-14',
    imageUrl: IMAGES.news.legacy,
    cardImageUrl: IMAGES.news.legacy,
    excerpt: 'A look back at how a handful of neighbourhood teams became a league for thousands.',
    cardExcerpt: 'How neighbourhood teams became a league for thousands.',
    showInCarousel: false,
    content: [
      {
        id: 'b1',
        type: 'paragraph',
        colorClass: BODY,
        text: `The club played its first season in ${CLUB.foundedYear}. Today more than 3,000 players a year take the field across ${CLUB.serviceArea.replace(/\.$/, '')}.`,
      },
      {
        id: 'b2',
        type: 'image',
        colorClass: '',
        src: IMAGES.news.legacy,
        alt: 'An illustrated pennant and a well-worn baseball',
        caption: '',
      },
      {
        id: 'b3',
        type: 'heading3',
        colorClass: HEADING,
        text: 'Thank you, volunteers',
      },
      {
        id: 'b4',
        type: 'paragraph',
        colorClass: BODY,
        text: 'None of it happens without the coaches, umpires, field crews and families who give their evenings and weekends.',
      },
      {
        id: 'b5',
        type: 'button',
        colorClass: '',
        text: 'About the club',
        link: paths.about(),
        variant: 'primary',
      },
    ],
  },
]
