import { useContent } from '../../content/content-provider.tsx'
import { RulesPage, rulesMeta } from '../../pages/rules/rules-page.tsx'
import { useHead } from '../head.tsx'

export default function RulesRoute() {
  const content = useContent('rulesAndFaqContent')
  useHead({ ...rulesMeta(), path: '/rules' })
  return <RulesPage content={content} />
}
