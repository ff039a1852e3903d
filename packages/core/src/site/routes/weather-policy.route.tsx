import { useContent } from '../../content/content-provider.tsx'
import {
  WeatherPolicyPage,
  weatherPolicyMeta,
} from '../../pages/weather-policy/weather-policy-page.tsx'
import { useHead } from '../head.tsx'
import { paths } from '../../routing/public-paths.ts'

export default function WeatherPolicyRoute() {
  const content = useContent('rulesAndFaqContent')
  useHead({ ...weatherPolicyMeta(), path: paths.weatherPolicy() })
  return <WeatherPolicyPage content={content} />
}
