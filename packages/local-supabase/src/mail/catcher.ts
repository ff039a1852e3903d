import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'

/**
 * A real SMTP server that keeps every email it receives and shows them in a web inbox: MailDev
 * 2.x (the npm package, pinned), as the Supabase CLI runs Mailpit. Its REST API (2.x, see
 * maildev's docs/rest.md) is at `url`: `GET /email` lists the messages, `DELETE /email/all`
 * empties the inbox.
 *
 * It runs as a child process (MailDev keeps its servers in module state and ends the process
 * on SIGINT), so several can run side by side, and `stop()` / `start()` take the SMTP server
 * away and bring it back on the same ports (a mail server that is down, then back).
 */
export type MailCatcher = {
  /** The web inbox and its REST API, e.g. `http://127.0.0.1:1080`. */
  url: string
  smtpHost: string
  smtpPort: number
  /** Whether it is running now. */
  running(): boolean
  /** Starts it again after `stop()`, on the same ports. */
  start(): Promise<void>
  stop(): Promise<void>
}

/**
 * The Edge Functions' mail secrets (supabase/functions/.env.example) that send to `catcher`:
 * plain SMTP, no account, from `from`.
 */
export function catcherMailEnv(
  catcher: Pick<MailCatcher, 'smtpHost' | 'smtpPort'>,
  from = 'Club website <notifications@club.example>',
): Record<string, string> {
  return {
    SMTP_HOST: catcher.smtpHost,
    SMTP_PORT: String(catcher.smtpPort),
    SMTP_SECURE: 'false',
    SMTP_USER: '',
    SMTP_PASS: '',
    MAIL_FROM: from,
  }
}

export type MailCatcherOptions = {
  /** SMTP port; 0 (default) picks a free one. */
  smtpPort?: number
  /** Web inbox port; 0 (default) picks a free one. */
  webPort?: number
  host?: string
  log?: (line: string) => void
}

const START_LIMIT_MS = 20_000

function maildevBin(): string {
  const require = createRequire(import.meta.url)
  return join(dirname(require.resolve('maildev/package.json')), 'bin', 'maildev')
}

/** A port free now on `host` (the catcher binds it a moment later). */
async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, host, () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1'
  const smtpPort = options.smtpPort || (await freePort(host))
  const webPort = options.webPort || (await freePort(host))
  const url = `http://${host}:${webPort}`
  let child: ChildProcess | undefined

  async function start() {
    if (child) return
    // MailDev's own command line, in a Node that ends as soon as its stdin closes: when this
    // process ends, however it ends (even killed), the catcher ends with it.
    const started = spawn(
      process.execPath,
      [
        '-e',
        `process.stdin.on('end', () => process.exit(0)).resume()
         process.argv = [process.argv[0], 'maildev', ...process.argv.slice(1)]
         require(${JSON.stringify(maildevBin())})`,
        '--',
        ...['--smtp', String(smtpPort), '--web', String(webPort), '--ip', host, '--silent'],
      ],
      { stdio: ['pipe', 'ignore', 'pipe'] },
    )
    child = started
    let failure = ''
    started.stderr?.on('data', (chunk: Buffer) => {
      failure += chunk.toString()
      options.log?.(`mail catcher: ${chunk.toString().trim()}`)
    })
    started.once('exit', () => {
      if (child === started) child = undefined
    })
    const deadline = Date.now() + START_LIMIT_MS
    // Ready once the web API answers (it starts after the SMTP server has bound its port).
    while (Date.now() < deadline) {
      if (child !== started) throw new Error(`the mail catcher exited as it started: ${failure}`)
      try {
        const response = await fetch(`${url}/healthz`)
        if (response.ok) return
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    started.kill('SIGKILL')
    throw new Error(`the mail catcher did not start within ${START_LIMIT_MS / 1000} s: ${failure}`)
  }

  async function stop() {
    const running = child
    if (!running) return
    const exited = new Promise((resolve) => running.once('exit', resolve))
    running.kill('SIGKILL')
    await exited
  }

  await start()
  return { url, smtpHost: host, smtpPort, running: () => child !== undefined, start, stop }
}
