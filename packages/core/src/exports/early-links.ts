/**
 * IMPORTANT: what the web app's entry and its HTML need about taps made during start-up,
 * and nothing else: the entry imports it before React, so it must stay tiny.
 */
export {
  EARLY_LINKS_SCRIPT,
  LEAVING_PROPERTY,
  PAGE_INTERACTIVE_ATTRIBUTE,
  isPageBeingLeft,
} from '../site/early-links.ts'
