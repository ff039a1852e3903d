import type { Database } from './database.ts'

/** How a job's schedule is understood here: every minute (pg_cron's `* * * * *`), or every N seconds. */
export function cronPeriodMs(schedule: string, minuteMs = 60_000): number | undefined {
  const text = schedule.trim()
  if (/^\*(\s+\*){4}$/.test(text)) return minuteMs
  const seconds = /^([1-9]|[1-5][0-9]) seconds?$/.exec(text)
  return seconds ? Number(seconds[1]) * 1000 : undefined
}

/** The values one field of a cron expression allows, or undefined when it cannot be read. */
function cronField(field: string, min: number, max: number): Set<number> | undefined {
  const values = new Set<number>()
  for (const part of field.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part)
    if (!match) return undefined
    const step = match[4] === undefined ? 1 : Number(match[4])
    const from = match[1] === '*' ? min : Number(match[2])
    const to =
      match[1] === '*' ? max : match[3] === undefined ? (match[4] ? max : from) : Number(match[3])
    if (step < 1 || from < min || to > max || from > to) return undefined
    for (let value = from; value <= to; value += step) values.add(value)
  }
  return values
}

/**
 * Whether a five-field cron expression (minute hour day-of-month month day-of-week, in GMT as
 * pg_cron reads it unless cron.timezone is set) names the minute of `at`; undefined when the
 * expression cannot be read. `$` as the day of the month is its last day, as in pg_cron. When
 * both days are restricted, either one matching is enough (cron's rule).
 */
export function cronMatches(schedule: string, at: Date): boolean | undefined {
  const fields = schedule.trim().split(/\s+/)
  if (fields.length !== 5) return undefined
  const [minute, hour, day, month, weekday] = fields as [string, string, string, string, string]
  const minutes = cronField(minute, 0, 59)
  const hours = cronField(hour, 0, 23)
  const months = cronField(month, 1, 12)
  const weekdays = cronField(weekday, 0, 7)
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate()
  const days = day === '$' ? new Set([lastDay]) : cronField(day, 1, 31)
  if (!minutes || !hours || !months || !weekdays || !days) return undefined
  if (weekdays.has(7)) weekdays.add(0)
  const dayOk = days.has(at.getUTCDate())
  const weekdayOk = weekdays.has(at.getUTCDay())
  const dayRule =
    day !== '*' && weekday !== '*' ? dayOk || weekdayOk : day !== '*' ? dayOk : weekdayOk
  return (
    minutes.has(at.getUTCMinutes()) &&
    hours.has(at.getUTCHours()) &&
    months.has(at.getUTCMonth() + 1) &&
    dayRule
  )
}

/** A running stand-in for pg_cron. */
export type CronRunner = { stop(): Promise<void> }

/**
 * Runs the jobs of `cron.job` (see cron.sql) as the superuser, as pg_cron runs them as the
 * role that scheduled them: each at its period, one at a time, a failure logged and the job
 * kept. `minuteMs` shortens a minute for tests.
 */
export function startCron(
  db: Pick<Database, 'runAsAdmin'>,
  options: { minuteMs?: number; log: (line: string) => void },
): CronRunner {
  const lastRun = new Map<number, number>()
  const refused = new Set<number>()
  let stopped = false
  let running: Promise<void> = Promise.resolve()
  const tickMs = Math.min(1_000, options.minuteMs ?? 1_000)

  const tick = async () => {
    const jobs = await db.runAsAdmin(
      async (tx) =>
        (
          await tx.query<{ jobid: number; jobname: string; schedule: string; command: string }>(
            'select jobid, jobname, schedule, command from cron.job where active order by jobid',
          )
        ).rows,
    )
    for (const job of jobs) {
      if (stopped) return
      const id = Number(job.jobid)
      const now = Date.now()
      const period = cronPeriodMs(job.schedule, options.minuteMs)
      if (period !== undefined) {
        if (now - (lastRun.get(id) ?? 0) < period) continue
      } else {
        // Any other five-field expression runs once in each minute it names (real minutes).
        const matches = cronMatches(job.schedule, new Date(now))
        if (matches === undefined) {
          if (!refused.has(id))
            options.log(
              `cron: "${job.jobname}" (${job.schedule}) is not a schedule this server runs`,
            )
          refused.add(id)
          continue
        }
        const minute = Math.floor(now / 60_000)
        if (!matches || Math.floor((lastRun.get(id) ?? 0) / 60_000) === minute) continue
      }
      lastRun.set(id, now)
      try {
        await db.runAsAdmin((tx) => tx.exec(job.command))
      } catch (error) {
        options.log(`cron: "${job.jobname}" failed: ${(error as Error).message}`)
      }
    }
  }

  const timer = setInterval(() => {
    running = running.then(() => (stopped ? undefined : tick().catch(() => undefined)))
  }, tickMs)
  timer.unref()

  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
