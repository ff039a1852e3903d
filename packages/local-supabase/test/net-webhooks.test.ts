// pg_net, database webhooks and cron calling an Edge Function, as a hosted project runs them:
// `net.http_post` queues a request that goes out once its transaction commits (never on a
// rollback), its answer lands in net._http_response, a webhook trigger never waits for or fails
// on its target, and a cron job reaches a function through the Vault's project URL and key.
import { createServer } from 'node:http'
import type { IncomingHttpHeaders, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { cronMatches } from '../src/db/cron.ts'
import { localOnly, startHarness } from './harness.ts'
import type { Harness } from './harness.ts'

type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string }

describe('cron expressions', () => {
  const at = (iso: string) => new Date(iso)
  it('should match the minutes, hours and days an expression names, in GMT', () => {
    expect(cronMatches('0 7 * * *', at('2026-12-06T07:00:30Z'))).toBe(true)
    expect(cronMatches('0 7 * * *', at('2026-12-06T07:01:00Z'))).toBe(false)
    expect(cronMatches('*/15 * * * *', at('2026-12-06T10:45:00Z'))).toBe(true)
    expect(cronMatches('*/15 * * * *', at('2026-12-06T10:46:00Z'))).toBe(false)
    expect(cronMatches('0 9-17 * * 1-5', at('2026-12-07T12:00:00Z'))).toBe(true) // a Monday
    expect(cronMatches('0 9-17 * * 1-5', at('2026-12-06T12:00:00Z'))).toBe(false) // a Sunday
    expect(cronMatches('0 0 * * 7', at('2026-12-06T00:00:00Z'))).toBe(true) // 7 is Sunday too
    expect(cronMatches('30 23 $ * *', at('2026-02-28T23:30:00Z'))).toBe(true)
    expect(cronMatches('30 23 $ * *', at('2026-12-30T23:30:00Z'))).toBe(false)
    // Both days restricted: either one is enough.
    expect(cronMatches('0 0 1 * 1', at('2026-12-07T00:00:00Z'))).toBe(true)
  })

  it('should refuse what it cannot read', () => {
    expect(cronMatches('every day', new Date())).toBeUndefined()
    expect(cronMatches('61 * * * *', new Date())).toBeUndefined()
    expect(cronMatches('* * * *', new Date())).toBeUndefined()
  })
})

describe.runIf(localOnly('drives the local server’s stand-ins for pg_net and pg_cron'))(
  'pg_net, webhooks and cron',
  () => {
    let h: Harness
    let target: Server
    let targetUrl: string
    let received: Received[] = []
    const sql = (text: string) => h.local!.db.pg.exec(text)
    const query = <T>(text: string, params: unknown[] = []) =>
      h.local!.db.pg.query<T>(text, params).then((result) => result.rows)

    beforeAll(async () => {
      target = createServer((req, res) => {
        let body = ''
        req.setEncoding('utf8')
        req.on('data', (chunk: string) => (body += chunk))
        req.on('end', () => {
          received.push({
            method: req.method ?? '',
            url: req.url ?? '',
            headers: req.headers,
            body,
          })
          if (req.url?.startsWith('/slow')) setTimeout(() => res.end('late'), 3_000)
          else {
            res.writeHead(201, { 'content-type': 'application/json' })
            res.end('{"ok":true}')
          }
        })
      })
      await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve))
      targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`
      h = await startHarness({
        functions: { dir: fileURLToPath(new URL('./functions', import.meta.url)) },
        cron: { minuteMs: 1_000 },
      })
    }, 60_000)
    afterAll(async () => {
      await h.stop()
      target.closeAllConnections()
      await new Promise((resolve) => target.close(resolve))
    })
    beforeEach(() => {
      received = []
    })

    const responseOf = async (id: number) => {
      await h.local!.net.drain()
      const [row] = await query<{
        status_code: number | null
        content: string | null
        timed_out: boolean | null
        error_msg: string | null
      }>(
        'select status_code, content, timed_out, error_msg from net._http_response where id = $1',
        [id],
      )
      return row
    }

    it('should send a request once its transaction commits, and keep the answer', async () => {
      const [queued] = await query<{ id: number }>(
        `select net.http_post($1, '{"player":"Sam"}'::jsonb, '{"team":"12u"}'::jsonb) as id`,
        [`${targetUrl}/hook`],
      )
      const answer = await responseOf(queued!.id)
      expect(answer).toMatchObject({ status_code: 201, content: '{"ok":true}' })
      expect(received).toHaveLength(1)
      expect(received[0]).toMatchObject({ method: 'POST', url: '/hook?team=12u' })
      expect(received[0]!.headers['content-type']).toBe('application/json')
      expect(JSON.parse(received[0]!.body)).toEqual({ player: 'Sam' })
      const left = await query('select 1 from net.http_request_queue')
      expect(left).toHaveLength(0)
    })

    it('should send nothing for a transaction that rolls back', async () => {
      await sql(`begin; select net.http_post('${targetUrl}/rolled-back'); rollback;`)
      const [witness] = await query<{ id: number }>(`select net.http_post($1) as id`, [
        `${targetUrl}/witness`,
      ])
      await responseOf(witness!.id)
      expect(received.map((request) => request.url)).toEqual(['/witness'])
    })

    it('should refuse a body that is not JSON, as pg_net does', async () => {
      await expect(
        query(
          `select net.http_post($1, '{}'::jsonb, '{}'::jsonb, '{"Content-Type":"text/plain"}'::jsonb)`,
          [targetUrl],
        ),
      ).rejects.toThrow(/application\/json/)
    })

    it('should post a webhook’s row on insert, without the insert waiting for its target', async () => {
      await sql(`
        create table public.hooked (id int primary key, name text);
        create trigger hooked_webhook after insert or update or delete on public.hooked
          for each row execute function supabase_functions.http_request(
            '${targetUrl}/slow-webhook', 'POST', '{"Content-Type":"application/json"}', '{}', '5000');
      `)
      const started = Date.now()
      await sql(`insert into public.hooked values (1, 'Sam')`)
      // The target takes 3 s to answer: the insert did not wait for it.
      expect(Date.now() - started).toBeLessThan(1_500)
      const [hook] = await query<{ request_id: number }>(
        `select request_id from supabase_functions.hooks where hook_name = 'hooked_webhook'`,
      )
      const answer = await responseOf(hook!.request_id)
      expect(answer).toMatchObject({ status_code: 200, content: 'late' })
      expect(JSON.parse(received[0]!.body)).toEqual({
        type: 'INSERT',
        table: 'hooked',
        schema: 'public',
        record: { id: 1, name: 'Sam' },
        old_record: null,
      })
    })

    it('should record a target that is down or too slow, and never fail the insert', async () => {
      await sql(`
        create table public.hooked_down (id int primary key);
        create trigger hooked_down_webhook after insert on public.hooked_down
          for each row execute function supabase_functions.http_request(
            'http://127.0.0.1:9/nothing-listens', 'POST', null, null, '1000');
      `)
      await sql(`insert into public.hooked_down values (1)`)
      const [hook] = await query<{ request_id: number }>(
        `select request_id from supabase_functions.hooks where hook_name = 'hooked_down_webhook'`,
      )
      const down = await responseOf(hook!.request_id)
      expect(down).toMatchObject({ status_code: null, timed_out: false })
      expect(down?.error_msg).toBeTruthy()

      const [slow] = await query<{ id: number }>(
        `select net.http_get($1, timeout_milliseconds := 500) as id`,
        [`${targetUrl}/slow-get`],
      )
      const timedOut = await responseOf(slow!.id)
      expect(timedOut).toMatchObject({ status_code: null, timed_out: true })
    })

    it('should run a cron job that calls an Edge Function with the Vault’s URL and key', async () => {
      const secrets = await query<{ name: string; decrypted_secret: string }>(
        `select name, decrypted_secret from vault.decrypted_secrets
         where name in ('project_url', 'service_role_key') order by name`,
      )
      expect(secrets).toEqual([
        { name: 'project_url', decrypted_secret: h.url },
        { name: 'service_role_key', decrypted_secret: h.serviceRoleKey },
      ])
      await sql(`
        create table public.cron_answers (id bigint primary key);
        select cron.schedule('call-hello', '1 seconds', $$
          insert into public.cron_answers
          select net.http_post(
            url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
              || '/functions/v1/hello',
            headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization',
              'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
            body := '{"from":"cron"}'::jsonb,
            timeout_milliseconds := 60000)
        $$);
      `)
      try {
        await expect
          .poll(
            async () => {
              await h.local!.net.drain()
              return query<{ status_code: number; content: string }>(
                `select status_code, content from net._http_response
                 where id in (select id from public.cron_answers) and status_code is not null`,
              )
            },
            { timeout: 60_000, interval: 500 },
          )
          .not.toHaveLength(0)
        const [answer] = await query<{ status_code: number; content: string }>(
          `select status_code, content from net._http_response
           where id in (select id from public.cron_answers) and status_code is not null limit 1`,
        )
        expect(answer?.status_code).toBe(200)
        expect(JSON.parse(answer!.content)).toMatchObject({
          method: 'POST',
          body: { from: 'cron' },
          hasServiceKey: true,
        })
      } finally {
        await sql(`select cron.unschedule('call-hello')`)
      }
    }, 90_000)
  },
)
