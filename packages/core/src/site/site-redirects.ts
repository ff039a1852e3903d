import { SITE_REDIRECT_LIST } from './route-registry.ts'

/** Redirects of the public site (spec §2), from the route registry; the hash is kept. */
export const SITE_REDIRECTS: Readonly<Record<string, string>> = Object.fromEntries(
  SITE_REDIRECT_LIST.map(({ from, to }) => [from, to]),
)
