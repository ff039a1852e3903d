import { ContactPage, contactMeta } from '../../pages/contact/contact-page.tsx'
import { useHead } from '../head.tsx'

export default function ContactRoute() {
  useHead({ ...contactMeta(), path: '/contact' })
  return <ContactPage />
}
