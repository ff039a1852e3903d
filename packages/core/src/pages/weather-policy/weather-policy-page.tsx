import { WEATHER_POLICY } from '../../club/club-facts.ts'
import { Link } from '../../ui/link.tsx'
import type { RulesAndFaqContent } from '../../entities/rules-and-faq.ts'
import type { PageMeta } from '../shared/page-meta.ts'
import { pageTitle } from '../shared/page-meta.ts'
import type { WeatherPolicyFacts } from './weather-policy-details.tsx'
import { WeatherPolicyDetails } from './weather-policy-details.tsx'
import './weather-policy-page.css'
import { paths } from '../../routing/public-paths.ts'

/** Props of {@link WeatherPolicyPage}. */
export type WeatherPolicyPageProps = {
  /** `rulesAndFaqContent`: the page shows its `weatherPolicy`. */
  content: RulesAndFaqContent
  /** The fixed rules (decision times, lightning wait, refunds); the club's constants by default. */
  facts?: WeatherPolicyFacts
}

/** /weather-policy: when games are called, who decides, and where to check before leaving home. */
export function WeatherPolicyPage({ content, facts = WEATHER_POLICY }: WeatherPolicyPageProps) {
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <h1>Weather Policy</h1>
          <p>
            Rain, heat and lightning: how games are called, when decisions are posted and what it
            means for your family.
          </p>
        </div>
      </section>
      <div className="container section weather-policy-page">
        <WeatherPolicyDetails policy={content.weatherPolicy} facts={facts} headingLevel={2} />
        <section className="weather-policy-page__check" aria-labelledby="weather-check">
          <h2 id="weather-check">Before you leave home</h2>
          <ul>
            <li>
              <Link to={paths.liveUpdates()}>See live game-day updates</Link>
            </li>
            <li>
              <Link to={paths.fields('field-status')}>Field status summary</Link>
            </li>
            <li>
              <Link to={paths.rules('faq')}>Read the rules and FAQ</Link>
            </li>
          </ul>
        </section>
      </div>
    </>
  )
}

/** Head tags of /weather-policy, written from the fixed rules so the key times show in search. */
export function weatherPolicyMeta(facts: WeatherPolicyFacts = WEATHER_POLICY): PageMeta {
  return {
    title: pageTitle('Weather Policy'),
    description: `Field decisions by ${facts.countyWeekdayDecision} on weekdays and ${facts.countyWeekendDecision} on weekends, league cancellations by ${facts.leagueCancellationsBy}, and the ${facts.lightningWaitMinutes}-minute lightning rule.`,
  }
}
