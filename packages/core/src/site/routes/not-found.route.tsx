import { useLocation } from 'react-router'

import { NotFoundPage } from '../../pages/not-found/not-found-page.tsx'
import { useHead } from '../head.tsx'
import { notFoundHead } from '../not-found-head.ts'

export default function NotFoundRoute() {
  const { pathname } = useLocation()
  useHead(notFoundHead(pathname))
  return <NotFoundPage />
}
