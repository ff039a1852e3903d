/** IMPORTANT: sanitizing stored HTML; prerendering gives it a DOM window first. */
export { sanitizeHtml, setSanitizerWindow } from '../html/sanitize.ts'
