import { useContent } from '../../content/content-provider.tsx'
import {
  WeatherPolicyPage,
  weatherPolicyMeta,
} from '../../pages/weather-policy/weather-policy-page.tsx'
import { useHead } from '../head.tsx'

export default function WeatherPolicyRoute() {
  const content = useContent('rulesAndFaqContent')
  useHead({ ...weatherPolicyMeta(), path: '/weather-policy' })
  return <WeatherPolicyPage content={content} />
}
