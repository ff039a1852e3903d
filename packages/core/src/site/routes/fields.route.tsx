import { useContent } from '../../content/content-provider.tsx'
import { FieldsPage, fieldsMeta } from '../../pages/fields/fields-page.tsx'
import { useHead } from '../head.tsx'

export default function FieldsRoute() {
  const fieldsContent = useContent('fieldsContent')
  useHead({ ...fieldsMeta(fieldsContent), path: '/fields' })
  return <FieldsPage fieldsContent={fieldsContent} />
}
