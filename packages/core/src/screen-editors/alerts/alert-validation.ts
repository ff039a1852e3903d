import { alertSchema, statusTypeSchema, targetPageSchema } from '../../entities/alert.ts'
import type { Alert } from '../../entities/alert.ts'
import { linkOrEmptySchema, MAX_SHORT_TEXT, MAX_TEXT } from '../../entities/common.ts'
import { classifyLink } from '../../entities/links.ts'

/** The alert fields the editor can show a problem next to. */
export type AlertField =
  'title' | 'message' | 'status_type' | 'startDate' | 'endDate' | 'link' | 'linkText' | 'targetPage'

/** The problems of one alert, by field, in words for the editor; empty when it can be saved. */
export type AlertErrors = Partial<Record<AlertField | 'alert', string>>

const LINK_HELP =
  'Use a site path such as /fields, a web address starting with https://, or a mailto: or tel: link.'

/**
 * The alert as it will be stored: text trimmed, no status type on a general alert, no
 * `targetPage` when it shows on every page, and `explicitEnd` only on a status alert that has one.
 *
 * @example
 * cleanAlert({ ...alert, title: '  Rain delay ', targetPage: '' }) // title 'Rain delay', no targetPage
 */
export function cleanAlert(alert: Alert): Alert {
  const { targetPage, explicitEnd, ...rest } = alert
  const page = targetPage?.trim() ?? ''
  return {
    ...rest,
    title: alert.title.trim(),
    message: alert.message.trim(),
    status_type: alert.alert_category === 'status' ? alert.status_type : null,
    link: alert.link.trim(),
    linkText: alert.linkText.trim(),
    ...(page === '' ? {} : { targetPage: page }),
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
  if (alert.title === '') errors.title = 'Give the alert a title.'
  else if (alert.title.length > MAX_SHORT_TEXT) {
    errors.title = `Keep the title to ${MAX_SHORT_TEXT} characters.`
  }
  if (alert.message.length > MAX_TEXT) {
    errors.message = `Keep the message to ${MAX_TEXT.toLocaleString('en-US')} characters.`
  }
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
  else if (alert.linkText.length > MAX_SHORT_TEXT) {
    errors.linkText = `Keep the link text to ${MAX_SHORT_TEXT} characters.`
  }
  if (alert.targetPage !== undefined && !targetPageSchema.safeParse(alert.targetPage).success) {
    errors.targetPage = 'Choose a page from the list.'
  }
  if (Object.keys(errors).length === 0 && !alertSchema.safeParse(alert).success) {
    errors.alert = 'This alert cannot be stored as it is. Delete it and add it again.'
  }
  return errors
}
