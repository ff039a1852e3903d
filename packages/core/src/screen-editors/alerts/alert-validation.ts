import { pageOf } from '../../alerts/alert-visibility.ts'
import { alertSchema, statusTypeSchema, targetPageSchema } from '../../entities/alert.ts'
import type { Alert } from '../../entities/alert.ts'
import { linkOrEmptySchema } from '../../entities/common.ts'
import { classifyLink } from '../../entities/links.ts'
import { schemaErrors } from '../shared/schema-errors.ts'

/** The alert fields the editor can show a problem next to. */
export type AlertField =
  'title' | 'message' | 'status_type' | 'startDate' | 'endDate' | 'link' | 'linkText' | 'targetPage'

/** The problems of one alert, by field, in words for the editor; empty when it can be saved. */
export type AlertErrors = Partial<Record<AlertField | 'alert', string>>

const LINK_HELP =
  'Use a site path such as /fields, a web address starting with https://, or a mailto: or tel: link.'

/** Pages trimmed, without blanks, each page once (a team's addresses are one page). */
function distinctPages(pages: readonly (string | undefined)[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const raw of pages) {
    const page = raw?.trim() ?? ''
    if (page === '' || seen.has(pageOf(page))) continue
    seen.add(pageOf(page))
    out.push(page)
  }
  return out
}

/**
 * The alert as it will be stored: text trimmed, no status type on a general alert, no
 * `targetPage` when it shows on every page (its first page otherwise, the others in
 * `morePages`, each once), and `explicitEnd` only on a status alert that has one.
 *
 * @example
 * cleanAlert({ ...alert, title: '  Rain delay ', targetPage: '' }) // title 'Rain delay', no targetPage
 */
export function cleanAlert(alert: Alert): Alert {
  const { targetPage, morePages, explicitEnd, ...rest } = alert
  const [page = '', ...more] = distinctPages([targetPage, ...(morePages ?? [])])
  return {
    ...rest,
    title: alert.title.trim(),
    message: alert.message.trim(),
    status_type: alert.alert_category === 'status' ? alert.status_type : null,
    link: alert.link.trim(),
    linkText: alert.linkText.trim(),
    ...(page === '' ? {} : { targetPage: page }),
    ...(more.length === 0 ? {} : { morePages: more }),
    // Only a status alert ends with its day, so only one can have an explicit end.
    ...(alert.alert_category === 'status' && explicitEnd === true ? { explicitEnd: true } : {}),
  }
}

function linkProblem(link: string): string | undefined {
  if (link === '') return undefined
  const classified = classifyLink(link)
  if (classified.kind === 'refused') return `${classified.reason}. ${LINK_HELP}`
  // The stored form is stricter than what renders (no spaces or quotes): say so plainly.
  if (!linkOrEmptySchema.safeParse(link).success) {
    return `Links cannot hold spaces, quotes or angle brackets. ${LINK_HELP}`
  }
  return undefined
}

function dateProblems(alert: Alert): AlertErrors {
  const start = Date.parse(alert.startDate)
  const end = Date.parse(alert.endDate)
  const errors: AlertErrors = {}
  if (alert.startDate === '' || Number.isNaN(start)) errors.startDate = 'Choose when it starts.'
  if (alert.endDate === '' || Number.isNaN(end)) errors.endDate = 'Choose when it ends.'
  else if (!Number.isNaN(start) && end <= start) errors.endDate = 'The end must be after the start.'
  return errors
}

/**
 * Checks an alert (as {@link cleanAlert} leaves it) before saving: a title, dates with the end
 * after the start, a link the site's link rules allow, a status type for a status alert, and
 * the stored schema's limits. Anything the schema refuses that the fields do not explain is
 * reported under `alert`.
 *
 * @example
 * validateAlert(cleanAlert({ ...alert, title: '' })) // { title: 'Give the alert a title.' }
 */
export function validateAlert(alert: Alert): AlertErrors {
  const errors: AlertErrors = { ...dateProblems(alert) }
  // The limits and their words are the schema's (entities/alert.ts).
  const refused = schemaErrors(alertSchema, alert)
  if (alert.title === '') errors.title = 'Give the alert a title.'
  else if (refused.title) errors.title = refused.title
  if (refused.message) errors.message = refused.message
  if (
    alert.alert_category === 'status' &&
    !statusTypeSchema.safeParse(alert.status_type ?? '').success
  ) {
    errors.status_type = 'Choose a status type.'
  }
  const link = linkProblem(alert.link)
  if (link) errors.link = link
  if (alert.linkText !== '' && alert.link === '')
    errors.linkText = 'Add a link, or clear this text.'
  else if (refused.linkText) errors.linkText = refused.linkText
  const pages = [alert.targetPage ?? '', ...(alert.morePages ?? [])].filter((page) => page !== '')
  if (pages.some((page) => !targetPageSchema.safeParse(page).success)) {
    errors.targetPage = 'Choose pages from the list.'
  } else if (refused.morePages) errors.targetPage = refused.morePages
  if (Object.keys(errors).length === 0 && Object.keys(refused).length > 0) {
    errors.alert = 'This alert cannot be stored as it is. Delete it and add it again.'
  }
  return errors
}
