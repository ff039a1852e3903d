import { WEATHER_POLICY } from '../../club/club-facts.ts'
import { useContent } from '../../content/content-provider.tsx'
import {
  WeatherPolicyPage,
  weatherPolicyMeta,
} from '../../pages/weather-policy/weather-policy-page.tsx'
import { useHead } from '../head.tsx'
import { paths } from '../../routing/public-paths.ts'
import { usePostingTimes } from '../use-derived-rows.ts'

export default function WeatherPolicyRoute() {
  const content = useContent('rulesAndFaqContent')
  // The decision times as the club's content holds them (edited on /fields), so this page, the
  // field status page and the status line name the same times.
  const times = usePostingTimes()
  const facts = { ...WEATHER_POLICY, ...times }
  useHead({ ...weatherPolicyMeta(facts), path: paths.weatherPolicy() })
  return <WeatherPolicyPage content={content} facts={facts} />
}
