import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'

import { verifyJwt } from '../keys.ts'
import type { ServiceContext, ServiceRequest, ServiceResponse } from '../http/types.ts'
import { configFlags, denoBinary, functionNames, networkEnv } from './deno.ts'

/** How long a request may run before the relay gives up on it: hosted's wall clock (Free plan). */
export const DEFAULT_WALL_CLOCK_MS = 150_000
/** How long a worker may take to start, its npm packages fetched on a first run included. */
const BOOT_LIMIT_MS = 120_000
/** What the worker prints once it listens (deno-worker.js). */
const READY_MARK = '__local_supabase_worker_port__='
const WORKER_SCRIPT = fileURLToPath(new URL('./deno-worker.js', import.meta.url))

/** One function's settings from `[functions.<name>]` of config.toml (the CLI's defaults). */
export type FunctionSettings = { enabled: boolean; verifyJwt: boolean }

export type FunctionsOptions = {
  /** `supabase/functions`: each `<name>/index.ts` is a function. */
  dir: string
  /** `[functions.<name>]` of config.toml; a function with no section is enabled and verifies JWTs. */
  settings: Record<string, Partial<FunctionSettings>>
  /** The relay's wall clock per request (ms). */
  wallClockMs?: number
  /** Deno's cache (npm packages the functions import), kept between runs. */
  denoDir: string
  /**
   * Secrets over those of `<dir>/.env` (as the CLI's `--env-file`): read as each worker starts,
   * so a value set after the server started (a port known only then) reaches the next worker.
   */
  env?: Record<string, string>
}

export type FunctionsService = {
  service(request: ServiceRequest): Promise<ServiceResponse>
  /** The functions found, for the start-up banner. */
  names(): string[]
  stop(): Promise<void>
}

type Worker = { child: ChildProcess; port: Promise<number> }

/** Deno itself could not be started: the relay's fault, not the function's. */
class RelayFault extends Error {}

/** The relay's own answers, in the CLI's words (its functions/serve main.ts). */
const answer = (status: number, json: unknown, headers: Record<string, string> = {}) => ({
  status,
  json,
  headers,
  ownCors: true,
})
const BOOT_ERROR = () =>
  answer(503, { code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' })
const WORKER_ERROR = () =>
  answer(500, {
    code: 'WORKER_ERROR',
    message: 'Function exited due to an error (please check logs)',
  })
const WORKER_LIMIT = () =>
  answer(546, {
    code: 'WORKER_LIMIT',
    message: 'Worker failed to respond due to a resource limit (please check logs)',
  })

/** `KEY=value` lines of `supabase/functions/.env` (names starting `SUPABASE_` are skipped, as the CLI does). */
export function readSecrets(file: string, log: (line: string) => void): Record<string, string> {
  if (!existsSync(file)) return {}
  const secrets: Record<string, string> = {}
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line)
    if (!match || line.trim().startsWith('#')) continue
    const [, name = '', raw = ''] = match
    if (name.startsWith('SUPABASE_')) {
      log(`functions: ${name} in .env is skipped (names starting SUPABASE_ are reserved)`)
      continue
    }
    secrets[name] = raw.replace(/^(['"])(.*)\1$/, '$2')
  }
  return secrets
}

/** Headers a hop does not pass on. */
const HOP_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
  'upgrade',
  'content-encoding',
])

/**
 * `/functions/v1/<name>[/…]` as the Supabase CLI serves it: each function runs in real Deno
 * (deno-worker.js), one worker process per function, started at its first request and kept
 * (the CLI's `per_worker` policy). The relay checks the JWT where `verify_jwt` is on (never on
 * OPTIONS: CORS preflights are the function's to answer), passes the request on with the
 * gateway's Authorization, and answers for the worker when it cannot: 404 for no such function,
 * 503 BOOT_ERROR when it fails to start, 500 WORKER_ERROR when it throws or dies, 546
 * WORKER_LIMIT past the wall clock (the worker is then stopped). A fault of the relay itself
 * carries `x-relay-error: true`, which supabase-js raises as FunctionsRelayError.
 */
export function createFunctionsService(
  context: ServiceContext,
  options: FunctionsOptions,
): FunctionsService {
  const { config, keys } = context
  const wallClockMs = options.wallClockMs ?? DEFAULT_WALL_CLOCK_MS
  const workers = new Map<string, Worker>()
  const secrets = readSecrets(join(options.dir, '.env'), config.log)

  const names = () =>
    functionNames(options.dir).filter((name) => options.settings[name]?.enabled !== false)

  function env(): Record<string, string> {
    return {
      ...networkEnv(),
      ...secrets,
      ...options.env,
      SUPABASE_URL: config.apiUrl,
      SUPABASE_ANON_KEY: keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.publishableKey }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.secretKey }),
      DENO_DIR: options.denoDir,
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
    }
  }

  function start(name: string): Worker {
    const folder = join(options.dir, name)
    const child = spawn(
      denoBinary(),
      [
        'run',
        '--quiet',
        '--no-prompt',
        '--no-lock',
        ...configFlags(folder),
        '--allow-net',
        '--allow-env',
        '--allow-sys',
        `--allow-read=${options.dir},${options.denoDir}`,
        WORKER_SCRIPT,
        pathToFileURL(join(folder, 'index.ts')).href,
      ],
      { cwd: folder, env: env(), stdio: ['ignore', 'pipe', 'pipe'] },
    )
    const port = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`${name} did not start within ${BOOT_LIMIT_MS / 1000} s`))
        child.kill('SIGKILL')
      }, BOOT_LIMIT_MS)
      timer.unref()
      createInterface({ input: child.stdout! }).on('line', (line) => {
        if (line.startsWith(READY_MARK)) {
          clearTimeout(timer)
          resolve(Number(line.slice(READY_MARK.length)))
        } else config.log(`functions/${name}: ${line}`)
      })
      createInterface({ input: child.stderr! }).on('line', (line) =>
        config.log(`functions/${name}: ${line}`),
      )
      child.once('error', (error) => {
        clearTimeout(timer)
        if (workers.get(name)?.child === child) workers.delete(name)
        reject(new RelayFault(`could not start Deno: ${error.message}`))
      })
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        if (workers.get(name)?.child === child) workers.delete(name)
        reject(new Error(`${name} exited (${signal ?? `code ${code}`}) before it listened`))
      })
    })
    port.catch(() => undefined)
    const worker = { child, port }
    workers.set(name, worker)
    return worker
  }

  function stopWorker(name: string, worker: Worker) {
    if (workers.get(name) === worker) workers.delete(name)
    worker.child.kill('SIGKILL')
  }

  async function service(request: ServiceRequest): Promise<ServiceResponse> {
    const [, name = '', ...rest] = request.path.split('/')
    if (!name || !names().includes(name))
      return {
        status: 404,
        body: 'Function not found',
        headers: { 'content-type': 'text/plain' },
        ownCors: true,
      }
    const settings = { enabled: true, verifyJwt: true, ...options.settings[name] }
    if (request.method !== 'OPTIONS' && settings.verifyJwt) {
      if (!request.bearer) return answer(401, { msg: 'Error: Missing authorization header' })
      const verified = await verifyJwt(keys.jwtSecret, request.bearer)
      if (!verified.ok) return answer(401, { msg: 'Invalid JWT' })
    }

    const relayFault = (error: unknown) => {
      config.log(`functions/${name}: ${(error as Error).message}`)
      return answer(
        500,
        {
          code: 'Internal Server Error',
          message: 'Request failed due to an internal server error',
        },
        { 'x-relay-error': 'true' },
      )
    }
    let worker: Worker
    try {
      worker = workers.get(name) ?? start(name)
    } catch (error) {
      return relayFault(error)
    }
    let port: number
    try {
      port = await worker.port
    } catch (error) {
      if (error instanceof RelayFault) return relayFault(error)
      config.log(`functions/${name}: ${(error as Error).message}`)
      return BOOT_ERROR()
    }

    const headers = new Headers()
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined || HOP_HEADERS.has(key)) continue
      headers.set(key, Array.isArray(value) ? value.join(', ') : value)
    }
    if (request.bearer) headers.set('authorization', `Bearer ${request.bearer}`)
    const target = `http://127.0.0.1:${port}/${[name, ...rest].join('/')}${request.url.search}`
    const timeout = AbortSignal.timeout(wallClockMs)
    try {
      const response = await fetch(target, {
        method: request.method,
        headers,
        body:
          request.method === 'GET' || request.method === 'HEAD'
            ? undefined
            : new Uint8Array(request.body),
        signal: timeout,
        redirect: 'manual',
      })
      const body = new Uint8Array(await response.arrayBuffer())
      const passed: Record<string, string> = {}
      response.headers.forEach((value, key) => {
        if (!HOP_HEADERS.has(key)) passed[key] = value
      })
      return { status: response.status, headers: passed, body, ownCors: true }
    } catch (error) {
      if (timeout.aborted) {
        config.log(`functions/${name}: no answer within ${wallClockMs} ms: worker stopped`)
        stopWorker(name, worker)
        return WORKER_LIMIT()
      }
      config.log(`functions/${name}: ${(error as Error).message}`)
      stopWorker(name, worker)
      return WORKER_ERROR()
    }
  }

  return {
    service,
    names,
    async stop() {
      for (const [name, worker] of [...workers]) stopWorker(name, worker)
    },
  }
}
