import { EditableRegion, EditableText } from '../../editing/editable.tsx'
import { EditableHtml } from '../../editing/editable-html.tsx'
import type { RulesAndFaqContent } from '../../entities/rules-and-faq.ts'
import { SmartLink } from '../shared/smart-link.tsx'
import './weather-policy-details.css'

/** The weather policy's fixed rules (spec §9), as `WEATHER_POLICY` in the defaults holds them. */
export type WeatherPolicyFacts = {
  countyWeekdayDecision: string
  countyWeekendDecision: string
  leagueCancellationsBy: string
  leagueCancellationsAreFinal: boolean
  lightningWaitMinutes: number
  refundsForWeatherCancellations: boolean
}

/** Props of {@link WeatherPolicyDetails}. */
export type WeatherPolicyDetailsProps = {
  /** `rulesAndFaqContent.weatherPolicy`. */
  policy: RulesAndFaqContent['weatherPolicy']
  facts: WeatherPolicyFacts
  /** Level of this block's own headings: 2 on /weather-policy, 3 inside /rules. */
  headingLevel: 2 | 3
  /** Prefix of the ids given to the block's headings, so that two copies never collide. */
  idPrefix?: string
}

const CONTENT_KEY = 'rulesAndFaqContent'

/** The fixed rules as label and sentence pairs, in the order a family needs them on game day. */
export function weatherFactLines(facts: WeatherPolicyFacts): { label: string; text: string }[] {
  return [
    {
      label: 'County field decisions',
      text: `Montgomery County decides by ${facts.countyWeekdayDecision} on weekdays and by ${facts.countyWeekendDecision} on weekends.`,
    },
    {
      label: 'League cancellations',
      text: `Posted by ${facts.leagueCancellationsBy}${facts.leagueCancellationsAreFinal ? ', and final once posted.' : '.'}`,
    },
    {
      label: 'Lightning and thunder',
      text: `Play resumes ${facts.lightningWaitMinutes} minutes after the last lightning or thunder.`,
    },
    {
      label: 'Refunds',
      text: facts.refundsForWeatherCancellations
        ? 'Weather cancellations are refunded.'
        : 'No refunds for weather cancellations.',
    },
  ]
}

/**
 * The weather policy: its intro, the fixed rules at a glance, then each stored section (HTML,
 * sanitized) with its optional link. Shared by /rules and /weather-policy.
 */
export function WeatherPolicyDetails({
  policy,
  facts,
  headingLevel,
  idPrefix = 'weather',
}: WeatherPolicyDetailsProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className="weather-policy">
      <EditableText
        as="p"
        className="lead"
        contentKey={CONTENT_KEY}
        path={['weatherPolicy', 'intro']}
        value={policy.intro}
      />
      <section className="weather-policy__facts" aria-labelledby={`${idPrefix}-at-a-glance`}>
        <Heading id={`${idPrefix}-at-a-glance`}>At a glance</Heading>
        <dl>
          {weatherFactLines(facts).map((fact) => (
            <div key={fact.label} className="weather-policy__fact">
              <dt>{fact.label}</dt>
              <dd>{fact.text}</dd>
            </div>
          ))}
        </dl>
      </section>
      {policy.sections.map((section, index) => (
        <section
          key={section.id}
          className="weather-policy__section"
          aria-labelledby={`${idPrefix}-${section.id}`}
        >
          <EditableText
            as={Heading}
            id={`${idPrefix}-${section.id}`}
            contentKey={CONTENT_KEY}
            path={['weatherPolicy', 'sections', index, 'title']}
            value={section.title}
          />
          <EditableHtml
            className="prose"
            contentKey={CONTENT_KEY}
            path={['weatherPolicy', 'sections', index, 'content']}
            html={section.content}
          />
          {section.link && (
            <p>
              <EditableRegion
                contentKey={CONTENT_KEY}
                path={['weatherPolicy', 'sections', index, 'link']}
              >
                <SmartLink to={section.link} className="weather-policy__link">
                  {section.linkText || `More about ${section.title.toLowerCase()}`}
                </SmartLink>
              </EditableRegion>
            </p>
          )}
        </section>
      ))}
    </div>
  )
}
