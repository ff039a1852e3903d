import { existsSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { arch, platform } from 'node:os'
import { dirname, join } from 'node:path'

/** The `@deno/*` package that holds this platform's binary (the `deno` npm package's own list). */
function denoPackage(): string | undefined {
  const cpu = arch() === 'arm64' ? 'arm64' : arch() === 'x64' ? 'x64' : undefined
  if (!cpu) return undefined
  if (platform() === 'linux') return `@deno/linux-${cpu}-glibc`
  if (platform() === 'darwin') return `@deno/darwin-${cpu}`
  if (platform() === 'win32') return `@deno/win32-${cpu}`
  return undefined
}

/**
 * The Deno binary that runs Edge Functions locally: `DENO_BIN` when set, else the one the `deno`
 * npm package installed for this platform (so `npm start` and `npm test` need nothing else).
 */
export function denoBinary(): string {
  const given = process.env.DENO_BIN
  if (given) return given
  const name = denoPackage()
  if (!name) throw new Error(`no Deno package for ${platform()}-${arch()}: set DENO_BIN`)
  const require = createRequire(import.meta.url)
  const fromDeno = createRequire(require.resolve('deno/package.json'))
  const binary = join(
    dirname(fromDeno.resolve(`${name}/package.json`)),
    platform() === 'win32' ? 'deno.exe' : 'deno',
  )
  if (!existsSync(binary)) throw new Error(`${name} holds no Deno binary at ${binary}`)
  return binary
}

/**
 * How this machine reaches the npm registry (its proxy and extra CA certificates), which Deno
 * needs to fetch a function's `npm:` packages on its first start; nothing else of the
 * machine's environment reaches a function.
 */
const NETWORK_ENV = [
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'https_proxy',
  'http_proxy',
  'no_proxy',
  'NODE_EXTRA_CA_CERTS',
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  'NPM_CONFIG_REGISTRY',
]
export function networkEnv(): Record<string, string> {
  // Deno trusts only its own bundled roots unless told otherwise: the machine's store as well
  // (where a proxy's CA is installed), so a fresh machine behind one can fetch npm packages.
  const passed: Record<string, string> = { DENO_TLS_CA_STORE: 'system,mozilla' }
  for (const name of NETWORK_ENV) {
    const value = process.env[name]
    if (value) passed[name] = value
  }
  return passed
}

/** The Deno cache the local server's functions use for a project at `projectRoot`. */
export function functionsDenoDir(projectRoot: string): string {
  return join(projectRoot, '.local-supabase', 'deno')
}

/** The functions in `dir` (supabase/functions): each folder with an index.ts, `_shared` and dot folders aside. */
export function functionNames(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !/^[._]/.test(entry.name))
    .filter((entry) => existsSync(join(dir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort()
}

/** A function's own deno.json when it has one (its import map), else none at all. */
export function configFlags(folder: string): string[] {
  const config = join(folder, 'deno.json')
  return existsSync(config) ? ['--config', config] : ['--no-config']
}
