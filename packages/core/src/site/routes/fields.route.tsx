import { useContent, useContentSettled } from '../../content/content-provider.tsx'
import { FieldsPage, fieldsMeta } from '../../pages/fields/fields-page.tsx'
import { useHead } from '../head.tsx'
import { paths } from '../../routing/public-paths.ts'

export default function FieldsRoute() {
  const fieldsContent = useContent('fieldsContent')
  const statusSettled = useContentSettled('fieldsContent')
  useHead({ ...fieldsMeta(fieldsContent), path: paths.fields() })
  return <FieldsPage fieldsContent={fieldsContent} statusHeld={!statusSettled} />
}
