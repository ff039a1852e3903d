import type { NoticeInput, NotifyFn } from '../src/ui/notices/notice-store.ts'

/** A notify function that remembers every notice asked for, in order. */
export function recordNotices(): { notify: NotifyFn; shown: NoticeInput[] } {
  const shown: NoticeInput[] = []
  return {
    shown,
    notify(notice) {
      shown.push(notice)
      return `recorded-${shown.length}`
    },
  }
}

/** A logger that remembers what was logged, so tests can assert on it without console noise. */
export function recordLogs() {
  const warnings: string[] = []
  const errors: string[] = []
  const text = (message: string, details: unknown[]) =>
    [
      message,
      ...details.map((detail) =>
        detail instanceof Error ? detail.message : JSON.stringify(detail),
      ),
    ].join(' ')
  return {
    warnings,
    errors,
    logger: {
      warn: (message: string, ...details: unknown[]) => void warnings.push(text(message, details)),
      error: (message: string, ...details: unknown[]) => void errors.push(text(message, details)),
    },
  }
}
