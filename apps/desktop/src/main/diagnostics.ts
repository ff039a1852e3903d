/**
 * What reaches the log file beyond main's own errors, as plain functions index.ts and the upload
 * registry hand Electron's events to: a child process gone (the upload process, the GPU, a
 * utility), the upload process's own output, and the window's console errors. Everything goes
 * through `redactSecrets` first: the log is for the director to send, so it never holds a token,
 * a key or a password.
 */
import type { ErrorLog } from './error-handling.ts'

/** The longest line kept from another process (a stack is cut, a dump is not kept). */
export const MAX_LOGGED_LINE = 2_000

/**
 * The text with anything secret-shaped replaced by `[redacted]`: JWTs (access tokens, anon and
 * service keys), bearer credentials, Supabase's `sb_…` keys, and `refresh_token`,
 * `access_token`, `password`, `apikey` values in JSON or query strings.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/eyJ[\w-]*\.[\w-]+\.[\w-]*/g, '[redacted]')
    .replace(/\b(Bearer)\s+[^\s"',]+/gi, '$1 [redacted]')
    .replace(/\bsb_(secret|publishable)_[\w-]+/g, 'sb_$1_[redacted]')
    .replace(
      /("?(?:refresh_token|access_token|provider_token|password|apikey|token)"?\s*[:=]\s*"?)[^\s"&,}]+/gi,
      '$1[redacted]',
    )
}

/** One line for the log: secrets redacted, control characters gone, length bounded. */
export function logLine(text: string): string {
  const clean = redactSecrets(text)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .trimEnd()
  return clean.length > MAX_LOGGED_LINE ? `${clean.slice(0, MAX_LOGGED_LINE)}…` : clean
}

/** The part of Electron's `Details` of `child-process-gone` read here. */
export type ChildGoneDetails = {
  type: string
  reason: string
  exitCode: number
  serviceName?: string
  name?: string
}

/**
 * The `app` `child-process-gone` handler: every child that ends other than cleanly is logged as
 * an error (a clean exit as info), naming the process and why.
 */
export function logChildProcessGone(details: ChildGoneDetails, log: ErrorLog): void {
  const who = details.name ?? details.serviceName ?? details.type
  const line = `Child process gone: ${who} (${details.type}): ${details.reason}, exit code ${details.exitCode}`
  if (details.reason === 'clean-exit') log.info(line)
  else log.error(line)
}

/** The part of a readable stream read here (a utility process's stdout and stderr). */
export type OutputStream = {
  on(event: 'data', listener: (chunk: Buffer | string) => void): unknown
  on(event: 'end', listener: () => void): unknown
}

/**
 * Logs what a process writes, line by line, with `prefix`: stdout as info, stderr as warn.
 * A partial last line is logged when the stream ends.
 */
export function logOutput(
  stream: OutputStream | null | undefined,
  write: (line: string) => void,
  prefix: string,
): void {
  if (!stream) return
  let pending = ''
  stream.on('data', (chunk) => {
    pending += chunk.toString()
    const lines = pending.split(/\r?\n/)
    pending = lines.pop() ?? ''
    for (const line of lines) if (line.trim()) write(`${prefix} ${logLine(line)}`)
  })
  stream.on('end', () => {
    if (pending.trim()) write(`${prefix} ${logLine(pending)}`)
    pending = ''
  })
}

/** A console message of the window, as Electron 45's `console-message` event carries it. */
export type ConsoleMessage = {
  level: 'debug' | 'info' | 'warning' | 'error' | string
  message: string
  lineNumber?: number
  sourceId?: string
}

/** The window's console errors (and warnings) go to the log; its chatter does not. */
export function logConsoleMessage(message: ConsoleMessage, log: ErrorLog): void {
  if (message.level !== 'error' && message.level !== 'warning') return
  const where = message.sourceId
    ? ` (${message.sourceId.replace(/[?#].*$/, '')}:${message.lineNumber ?? 0})`
    : ''
  const line = `Window console ${message.level}: ${logLine(message.message)}${where}`
  if (message.level === 'error') log.error(line)
  else log.warn(line)
}

/** The last `count` lines of a log file's text. */
export function lastLines(text: string, count: number): string[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '')
  return lines.slice(-count)
}
