import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'

/**
 * A real Web Push protocol service on this machine, for development and tests (issue 33):
 * `web-push-testing` (the npm package, pinned), as the mail catcher is MailDev. It hands out
 * subscriptions (`POST /subscribe`), checks each push's VAPID signature against the key the
 * subscription was made with, decrypts it (RFC 8291) and keeps it (`POST /get-notifications`),
 * and answers 410 for a subscription expired with `POST /expire-subscription/<clientHash>`.
 * Its endpoints are `http://localhost:<port>/notify/<clientHash>`: plain HTTP, so the
 * functions accept them only when PUSH_SERVICE_ORIGINS names `url`.
 *
 * It runs as a child process (its server keeps the model in module state).
 */
/** A subscription as `PushSubscription.toJSON()` gives it, with web-push-testing's id for it. */
export type TestSubscription = {
  endpoint: string
  keys: { p256dh: string; auth: string }
  clientHash: string
}

export type PushService = {
  /** `http://localhost:<port>`: its API, and the origin of its endpoints. */
  url: string
  /** A subscription for `applicationServerKey` (a VAPID public key, base64url). */
  subscribe(applicationServerKey: string): Promise<TestSubscription>
  /** The decrypted payloads the subscription with `clientHash` was sent. */
  messages(clientHash: string): Promise<string[]>
  /** Expires a subscription: its endpoint answers 410 from now on. */
  expire(clientHash: string): Promise<void>
  stop(): Promise<void>
}

const START_LIMIT_MS = 20_000

/** A port free now on localhost (the service binds it a moment later). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/**
 * A VAPID key pair (P-256), base64url as `web-push generate-vapid-keys` prints it: the public
 * key the uncompressed point (65 bytes), the private key its 32-byte scalar. For a local stack
 * only: production keys are made once and kept as the functions' secrets.
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? '', 'base64url'),
    Buffer.from(jwk.y ?? '', 'base64url'),
  ])
  return {
    publicKey: point.toString('base64url'),
    privateKey: privateKey.export({ format: 'jwk' }).d ?? '',
  }
}

export async function startPushService(options: { port?: number } = {}): Promise<PushService> {
  const port = options.port || (await freePort())
  const require = createRequire(import.meta.url)
  const bin = join(dirname(require.resolve('web-push-testing/package.json')), 'src/bin/server.js')
  const child: ChildProcess = spawn(process.execPath, [bin, String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('web-push-testing did not start in time')),
      START_LIMIT_MS,
    )
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Server running on port')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`web-push-testing ended (${code}): ${output.slice(0, 500)}`))
    })
  })
  const url = `http://localhost:${port}`
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`web-push-testing ${path}: ${response.status} ${text}`)
    return response.headers.get('content-type')?.includes('json')
      ? (JSON.parse(text) as { data?: unknown })
      : {}
  }
  return {
    url,
    async subscribe(applicationServerKey) {
      const answer = await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey })
      return answer.data as TestSubscription
    },
    async messages(clientHash) {
      const answer = await post('/get-notifications', { clientHash })
      return (answer.data as { messages: string[] }).messages
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`, {})
    },
    async stop() {
      if (child.exitCode !== null) return
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill()
      })
    },
  }
}
