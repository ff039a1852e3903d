import { useMemo } from 'react'
import { useSearchParams } from 'react-router'

import { PROGRAM_SLUGS } from '../../entities/enums.ts'
import { useFormSender } from '../../forms/form-sender.tsx'
import { ContactPage, contactMeta } from '../../pages/contact/contact-page.tsx'
import { useHead } from '../head.tsx'
import { paths } from '../../routing/public-paths.ts'
import { useSiteFooter } from '../use-derived-rows.ts'
import { useProgramSummaries } from './use-program-views.ts'

/**
 * /contact with its forms, sent through the app's form sender. `?program=<slug>`
 * preselects a program in the registration-interest form (program pages link to
 * `/contact?program=<slug>#registration-interest`).
 */
export default function ContactRoute() {
  useHead({ ...contactMeta(), path: paths.contact() })
  const programsContent = useProgramSummaries()
  // The club's contact details, as the footer shows them (`siteFooter`).
  const home = useSiteFooter()
  const sender = useFormSender()
  const [params] = useSearchParams()
  const programs = useMemo(
    () => PROGRAM_SLUGS.map((slug) => ({ slug, name: programsContent[slug].name })),
    [programsContent],
  )
  return (
    <ContactPage
      contact={home.contact}
      forms={{
        onSubmit: sender.send,
        onPrepare: sender.prepare,
        programs,
        requestedProgram: params.get('program'),
      }}
    />
  )
}
