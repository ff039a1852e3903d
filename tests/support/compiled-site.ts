import { compiledSiteAt, type CompiledSite } from '@club/web/scripts/build'

/**
 * The app as the global setup compiled it (tests/support/global-setup.ts), for a suite that
 * writes a site of its own against its own backend: it prerenders, it does not compile again.
 */
export function compiledSite(): CompiledSite {
  const site = compiledSiteAt(process.env.E2E_COMPILED_DIR)
  if (!site)
    throw new Error('E2E_COMPILED_DIR names no compiled site: run through playwright.config.ts')
  return site
}
