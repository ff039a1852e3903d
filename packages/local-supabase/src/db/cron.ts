import type { Database } from './database.ts'

/** How a job's schedule is understood here: every minute (pg_cron's `* * * * *`), or every N seconds. */
export function cronPeriodMs(schedule: string, minuteMs = 60_000): number | undefined {
  const text = schedule.trim()
  if (/^\*(\s+\*){4}$/.test(text)) return minuteMs
  const seconds = /^([1-9]|[1-5][0-9]) seconds?$/.exec(text)
  return seconds ? Number(seconds[1]) * 1000 : undefined
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
      const period = cronPeriodMs(job.schedule, options.minuteMs)
      if (period === undefined) {
        if (!refused.has(id))
          options.log(`cron: "${job.jobname}" (${job.schedule}) is not a schedule this server runs`)
        refused.add(id)
        continue
      }
      const now = Date.now()
      if (now - (lastRun.get(id) ?? 0) < period) continue
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
