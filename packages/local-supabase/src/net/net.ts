import type { Database } from '../db/database.ts'

/** The channel net._enqueue notifies at commit (net.sql). */
const CHANNEL = 'local_supabase_net'
/** pg_net's `batch_size`: the most requests taken from the queue at once. */
const BATCH_SIZE = 200
/** A safety net: the queue is also looked at this often, should a notification be missed. */
const SWEEP_MS = 1_000

type Queued = {
  id: string
  method: string
  url: string
  headers: Record<string, string> | null
  body: Uint8Array | null
  timeout_milliseconds: number
}

/** The running stand-in for pg_net's background worker. */
export type NetWorker = {
  /** Sends what is queued now and resolves once each answer is written (tests). */
  drain(): Promise<void>
  stop(): Promise<void>
}

/**
 * Sends the requests of net.http_request_queue (net.sql) as pg_net's background worker does:
 * woken at each commit that queued one (a rolled-back request was never queued), up to 200
 * at a time, each under its own timeout; each queue row is deleted as it is taken, and the
 * answer (or the timeout, or the error) is written to net._http_response. Nothing here can
 * slow or fail the transaction that queued the request: it has committed already.
 */
export function startNet(
  db: Pick<Database, 'pg' | 'runAsAdmin'>,
  log: (line: string) => void,
): Promise<NetWorker> {
  let stopped = false
  const stopping = new AbortController()
  let running: Promise<void> = Promise.resolve()
  const inFlight = new Set<Promise<void>>()

  async function send(request: Queued) {
    const started = Date.now()
    let row: {
      status_code: number | null
      content_type: string | null
      headers: Record<string, string> | null
      content: string | null
      timed_out: boolean
      error_msg: string | null
    }
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers ?? {},
        body: request.body ? new Uint8Array(request.body) : undefined,
        signal: AbortSignal.any([
          AbortSignal.timeout(request.timeout_milliseconds),
          stopping.signal,
        ]),
        redirect: 'manual',
      })
      const headers: Record<string, string> = {}
      response.headers.forEach((value, key) => (headers[key] = value))
      row = {
        status_code: response.status,
        content_type: response.headers.get('content-type'),
        headers,
        content: await response.text(),
        timed_out: false,
        error_msg: null,
      }
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError'
      row = {
        status_code: null,
        content_type: null,
        headers: null,
        content: null,
        timed_out: timedOut,
        error_msg: timedOut
          ? `Timeout of ${request.timeout_milliseconds} ms reached. Total time: ${Date.now() - started} ms`
          : (((error as Error).cause as Error | undefined)?.message ?? (error as Error).message),
      }
      log(`net: ${request.method} ${request.url}: ${row.error_msg}`)
    }
    if (stopped) return
    await db.runAsAdmin((tx) =>
      tx.query(
        `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
         values ($1::bigint, $2, $3, $4, $5, $6, $7)`,
        [
          request.id,
          row.status_code,
          row.content_type,
          row.headers === null ? null : JSON.stringify(row.headers),
          row.content,
          row.timed_out,
          row.error_msg,
        ],
      ),
    )
  }

  async function take() {
    for (;;) {
      if (stopped) return
      const batch = await db.runAsAdmin(
        async (tx) =>
          (
            await tx.query<Queued>(
              `delete from net.http_request_queue where id in (
                 select id from net.http_request_queue order by id limit ${BATCH_SIZE})
               returning id::text, method, url, headers, body, timeout_milliseconds`,
            )
          ).rows,
      )
      if (batch.length === 0) return
      for (const request of batch) {
        const sending = send(request).catch((error: unknown) =>
          log(`net: the answer to request ${request.id} could not be written: ${error}`),
        )
        inFlight.add(sending)
        void sending.finally(() => inFlight.delete(sending))
      }
    }
  }

  const wake = () => {
    running = running
      .then(() => (stopped ? undefined : take()))
      .catch((error: unknown) => {
        if (!stopped) log(`net: the queue could not be read: ${(error as Error).message}`)
      })
    return running
  }

  return (async () => {
    const unlisten = await db.pg.listen(CHANNEL, () => void wake())
    const sweep = setInterval(() => void wake(), SWEEP_MS)
    sweep.unref()
    // Requests queued while no server ran go now, as pg_net's worker sends them at its start.
    void wake()
    return {
      async drain() {
        await wake()
        while (inFlight.size > 0) await Promise.all([...inFlight])
      },
      async stop() {
        stopped = true
        stopping.abort()
        clearInterval(sweep)
        await unlisten()
        await running
        await Promise.allSettled([...inFlight])
      },
    }
  })()
}
