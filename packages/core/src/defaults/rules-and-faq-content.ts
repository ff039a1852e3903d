import type { RulesAndFaqContent, WeatherPolicySection } from '../entities/rules-and-faq.ts'
import { RULES_COMMITTEE_SIZE, TRYOUT_FEE, WEATHER_POLICY } from '../club/club-facts.ts'
import { paths } from '../routing/public-paths.ts'

/** The weather policy written out as the page's sections (HTML), from {@link WEATHER_POLICY}. */
export const WEATHER_POLICY_SECTIONS: WeatherPolicySection[] = [
  {
    id: 'county-fields',
    title: 'County field closures',
    content: `<p>Montgomery County decides whether its fields are playable by <strong>${WEATHER_POLICY.countyWeekdayDecision}</strong> on weekdays and by <strong>${WEATHER_POLICY.countyWeekendDecision}</strong> on weekends and holidays. A closed field means no games or practices there, whatever the weather looks like later.</p>`,
    link: paths.fields(),
    linkText: 'Check field status',
  },
  {
    id: 'league-cancellations',
    title: 'League cancellations',
    content: `<p>When the league cancels games, it posts the decision by <strong>${WEATHER_POLICY.leagueCancellationsBy}</strong> on game day. League cancellations are <strong>final</strong> and are not reversed if the weather clears.</p>`,
  },
  {
    id: 'lightning',
    title: 'Lightning and thunder',
    content: `<p>Play stops at the first lightning or thunder and everyone leaves the field for cars or buildings. Play resumes <strong>${WEATHER_POLICY.lightningWaitMinutes} minutes</strong> after the last lightning or thunder.</p>`,
  },
  {
    id: 'refunds',
    title: 'Refunds',
    content:
      '<p>There are <strong>no refunds</strong> for games or practices cancelled because of weather. The league reschedules games where fields and dates allow.</p>',
  },
]

const committeeRoles = [
  'Chair',
  'Vice Chair',
  'Recreation Representative',
  'Select Representative',
  'Softball Representative',
  'Umpire Liaison',
]
const committeeNames = [
  'N. Ferreira',
  'P. Lindqvist',
  'R. Achebe',
  'S. Moreau',
  'T. Kowalski',
  'V. Haddad',
]

/** Sample rules, six-member committee, weather policy and FAQ. */
export const defaultRulesAndFaqContent: RulesAndFaqContent = {
  title: 'Rules & FAQ',
  subtitle: 'League rules, the weather policy and answers to common questions.',
  rulesSections: {
    general: {
      title: 'General Rules',
      rules: [
        'Players, coaches and spectators follow the club’s code of conduct on and off the field.',
        'Every player wears a batting helmet while batting, on deck and running the bases.',
        'Games start on time; a team with fewer than eight players at game time forfeits but may still play for practice.',
        'Only managers may discuss a call with an umpire, and only calmly and briefly.',
      ],
    },
    recreation: {
      title: 'Recreation Rules',
      rules: [
        'Every player bats in a continuous batting order.',
        'Every player plays at least two innings in the field.',
        'Pitch counts and rest days follow the age-group limits posted at the fields.',
      ],
    },
    select: {
      title: 'Select Rules',
      rules: [
        'Rosters are set after tryouts; players may be added with the program director’s approval.',
        'League pitch-count limits apply in all games, including tournaments.',
      ],
    },
    softball: {
      title: 'Softball Rules',
      rules: [
        'Fastpitch rules apply, with age-group pitching distances.',
        'Face guards are required on batting helmets and for infielders in younger divisions.',
      ],
    },
  },
  committee: {
    title: 'Rules Committee',
    members: committeeNames.slice(0, RULES_COMMITTEE_SIZE).map((name, index) => ({
      id: `committee-${index + 1}`,
      name,
      role: committeeRoles[index] ?? 'Member',
    })),
  },
  weatherPolicy: {
    intro:
      'Safety comes first. These rules decide when we play, when we stop and how you will hear about it.',
    sections: WEATHER_POLICY_SECTIONS,
  },
  faq: {
    title: 'Frequently Asked Questions',
    items: [
      {
        id: 'faq-register',
        question: 'How do I register my child?',
        answer:
          'Choose a program on the Programs page and follow its registration link. Recreation programs need no tryout.',
        category: 'registration',
      },
      {
        id: 'faq-financial-aid',
        question: 'Is financial aid available?',
        answer: 'Yes. Contact us in confidence; no child is turned away because of cost.',
        category: 'registration',
      },
      {
        id: 'faq-tryout-fee',
        question: 'Is there a fee to try out?',
        answer: `Select, Flash, Big Train and DMV Prospects tryouts carry a ${TRYOUT_FEE.display} nonrefundable fee.`,
        category: 'tryouts',
      },
      {
        id: 'faq-rainout',
        question: 'How will I know if a game is cancelled for weather?',
        answer: `The league posts cancellations by ${WEATHER_POLICY.leagueCancellationsBy}, and field closures appear on the Facilities page. Check the site alerts before you leave.`,
        category: 'weather',
      },
      {
        id: 'faq-lightning',
        question: 'What happens if there is lightning during a game?',
        answer: `Play stops at once and resumes ${WEATHER_POLICY.lightningWaitMinutes} minutes after the last lightning or thunder.`,
        category: 'weather',
      },
      {
        id: 'faq-volunteer',
        question: 'Can I coach or volunteer?',
        answer:
          'Please do. Every volunteer completes a background check and we provide coaching clinics before each season.',
        category: 'general',
      },
    ],
    contactText: 'Still have a question? We are happy to help.',
    contactButtonText: 'Contact Us',
    contactLink: paths.contact(),
  },
}
