import { useContent } from '../../content/content-provider.tsx'
import { RulesPage, rulesMeta } from '../../pages/rules/rules-page.tsx'
import { useHead } from '../head.tsx'
import { paths } from '../../routing/public-paths.ts'

export default function RulesRoute() {
  const content = useContent('rulesAndFaqContent')
  useHead({ ...rulesMeta(), path: paths.rules() })
  return <RulesPage content={content} />
}
