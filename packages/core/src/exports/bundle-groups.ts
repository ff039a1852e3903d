/**
 * IMPORTANT: which of core's modules an app's bundler keeps together (the web app's start-up,
 * early-links and signed-in chunks): plain data for a build config.
 */
export {
  coreModuleTest,
  EARLY_LINKS_MODULES,
  SIGNED_IN_CONTENT_MODULES,
  STARTUP_MODULES,
} from '../site/bundle-groups.ts'
