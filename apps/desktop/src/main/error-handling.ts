/**
 * What main does when something goes wrong, as plain functions: every error reaches the log
 * file the director can send (electron-log in the app), a failed start says so in a dialog that
 * names that file instead of leaving a process with no window, and a crashed window offers a
 * reload. index.ts hands these Electron's process, dialog and web contents.
 */

/** The part of a logger this module writes to (electron-log's functions). */
export type ErrorLog = {
  error(...params: unknown[]): void
  warn(...params: unknown[]): void
  info(...params: unknown[]): void
}

/** The part of `process` whose last-resort events are logged. */
export type ProcessEvents = {
  on(event: 'uncaughtException', listener: (error: Error, origin: string) => void): unknown
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown
}

/** A thrown value as one readable line, the stack kept when there is one. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`
  if (typeof error === 'string') return error
  try {
    return JSON.stringify(error) ?? String(error)
  } catch {
    return String(error)
  }
}

/**
 * Logs what would otherwise vanish: an exception nothing caught and a promise rejection nothing
 * handled. `onUncaught` runs after an uncaught exception is logged (main ends the app when it
 * happens before the window is up: a half-started main process serves nobody).
 */
export function logProcessErrors(
  events: ProcessEvents,
  log: ErrorLog,
  onUncaught: (error: Error) => void = () => {},
) {
  events.on('uncaughtException', (error, origin) => {
    log.error(`Uncaught exception (${origin}):`, describeError(error))
    onUncaught(error)
  })
  events.on('unhandledRejection', (reason) => {
    log.error('Unhandled promise rejection:', describeError(reason))
  })
}

/** The dialog of a start that failed: what happened, and where the details are. */
export function startupFailureDialog(
  error: unknown,
  logPath: string,
  appName: string,
): { title: string; content: string } {
  const message = error instanceof Error ? error.message : describeError(error)
  return {
    title: `${appName} could not start`,
    content: `${message}\n\nThe details are in the log file:\n${logPath}\n\nPlease send that file to whoever looks after the app.`,
  }
}

/** Why a window's page stopped (the part of Electron's `RenderProcessGoneDetails` read here). */
export type RenderGoneDetails = { reason: string; exitCode: number }

/** What the director is asked when the window's page crashed; null when it ended on purpose. */
export function renderGoneDialog(details: RenderGoneDetails, logPath: string) {
  if (details.reason === 'clean-exit') return null
  const why =
    details.reason === 'oom'
      ? 'It ran out of memory.'
      : details.reason === 'killed'
        ? 'It was stopped by the system.'
        : `It ended unexpectedly (${details.reason}, code ${details.exitCode}).`
  return {
    type: 'error' as const,
    message: 'The window stopped working',
    detail: `${why} Unsaved changes in the open editor may be lost.\n\nThe log file: ${logPath}`,
    buttons: ['Reload', 'Quit'],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  }
}

/** The parts of Electron main a crashed window is handled with. */
export type RenderGoneHost = {
  log: ErrorLog
  logPath: string
  /** `dialog.showMessageBox`, over the crashed window. */
  ask(options: NonNullable<ReturnType<typeof renderGoneDialog>>): Promise<{ response: number }>
  reload(): void
  quit(): void
}

/**
 * The `render-process-gone` handler: logs it, then offers a reload (the first button) or quit.
 * Resolves with what it did.
 */
export async function handleRenderProcessGone(
  details: RenderGoneDetails,
  host: RenderGoneHost,
): Promise<'reloaded' | 'quit' | 'ignored'> {
  host.log.error(`The renderer process is gone: ${details.reason} (code ${details.exitCode})`)
  const options = renderGoneDialog(details, host.logPath)
  if (!options) return 'ignored'
  const { response } = await host.ask(options)
  if (response === 0) {
    host.reload()
    return 'reloaded'
  }
  host.quit()
  return 'quit'
}
