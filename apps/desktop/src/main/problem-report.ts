/**
 * Help → Report a problem: a mail to the club's technical contact with the app's version, the
 * OS and the log's last lines, quoted in the body. The director first sees exactly that text
 * (a dialog with "Open email" and "Cancel"); nothing is sent by the app itself, the mail
 * program opens with it. The log lines are redacted again here (no token, key or password).
 */
import { lastLines, redactSecrets } from './diagnostics.ts'

/** How many of the log's last lines are quoted. */
export const REPORT_LOG_LINES = 30
/**
 * The longest mailto: address opened. Windows' shell refuses longer ones (about 2,000
 * characters), so the oldest quoted lines go first until it fits.
 */
export const MAX_MAILTO_LENGTH = 1_900

export type ProblemReportFacts = {
  appName: string
  version: string
  /** e.g. `Linux 6.8 (x64)`. */
  os: string
  /** The log file's text (its last lines are quoted). */
  log: string
  logPath: string
  /** The technical contact's address; null when the build names none. */
  contact: string | null
}

/** What the director is shown, and the mailto: that opens their mail program with it. */
export function problemReport(facts: ProblemReportFacts): {
  subject: string
  body: string
  mailto: string | null
} {
  const subject = `${facts.appName} ${facts.version}: a problem`
  const compose = (lines: string[]) =>
    [
      'Please describe what you were doing and what went wrong:',
      '',
      '',
      '---',
      `App: ${facts.appName} ${facts.version}`,
      `System: ${facts.os}`,
      `Log file: ${facts.logPath}`,
      lines.length > 0 ? `The last ${lines.length} lines of the log:` : 'The log is empty.',
      ...lines.map((line) => `> ${line}`),
    ].join('\n')
  let lines = lastLines(redactSecrets(facts.log), REPORT_LOG_LINES)
  const address = (body: string) =>
    facts.contact
      ? `mailto:${encodeURIComponent(facts.contact).replace('%40', '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
      : null
  let body = compose(lines)
  while (lines.length > 0 && (address(body)?.length ?? 0) > MAX_MAILTO_LENGTH) {
    lines = lines.slice(1)
    body = compose(lines)
  }
  return { subject, body, mailto: address(body) }
}

/** An email address as CLUB_AUTHOR's "Name <email>" or the manifest's author gives it. */
export function contactAddress(manifest: unknown): string | null {
  const author = (manifest as { author?: unknown } | null)?.author
  const text =
    typeof author === 'string'
      ? (/<([^<>\s]+@[^<>\s]+)>/.exec(author)?.[1] ?? author)
      : (author as { email?: unknown } | undefined)?.email
  return typeof text === 'string' && /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(text) ? text : null
}

/** The dialog the director answers before the mail program opens. */
export function problemReportDialog(
  report: { body: string; mailto: string | null },
  contact: string | null,
) {
  return {
    type: 'info' as const,
    message: 'Report a problem',
    detail: report.mailto
      ? `This opens an email to ${contact} in your mail program, with this text. Nothing is sent until you send it.\n\n${report.body}`
      : `This build names no technical contact, so no email can be opened. Send this text to whoever looks after the app:\n\n${report.body}`,
    buttons: report.mailto ? ['Open email', 'Cancel'] : ['OK'],
    defaultId: 0,
    cancelId: report.mailto ? 1 : 0,
    noLink: true,
  }
}
