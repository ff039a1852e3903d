#!/usr/bin/env node
// One entry point for a fresh machine that has only Node and npm.
//
// Usage: node scripts/bootstrap.mjs <root script> [args...]
//   e.g. `npm start` runs `node scripts/bootstrap.mjs dev`
//        `npm test`  runs `node scripts/bootstrap.mjs check`
//
// It makes sure a Node that the toolchain supports (>= 22) and the pinned pnpm
// are available, installs the workspace, then runs the root script with them.
// When the running Node is too old it fetches an official Node binary from the
// npm registry's `node-<platform>-<arch>` packages into `.tooling/` (ignored by
// git). Every step is skipped when its result is already there, so the second
// run costs about a second.
import { spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  chmodSync,
} from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const bootstrapStarted = Date.now()
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const tooling = join(root, '.tooling')
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const NODE_VERSION = pkg.config.bootstrapNode
const PNPM_VERSION = pkg.packageManager.replace(/^pnpm@/, '').split('+')[0]
const MIN_NODE_MAJOR = 22
const isWindows = process.platform === 'win32'

function log(message) {
  process.stderr.write(`[bootstrap] ${message}\n`)
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', shell: isWindows, ...options })
  if (result.error) throw result.error
  return result.status ?? 1
}

/** Downloads one npm package tarball and unpacks it to `dest` (its `package/` folder). */
function fetchPackage(spec, dest) {
  const tmp = `${dest}.partial`
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(tmp, { recursive: true })
  log(`fetching ${spec} from the npm registry`)
  const packed = spawnSync('npm', ['pack', spec, '--silent', '--pack-destination', tmp], {
    encoding: 'utf8',
    shell: isWindows,
    env: { ...process.env, npm_config_loglevel: 'error' },
  })
  if (packed.status !== 0) throw new Error(`npm pack ${spec} failed: ${packed.stderr}`)
  const tarball = join(tmp, packed.stdout.trim().split('\n').pop())
  if (run('tar', ['xzf', tarball, '-C', tmp]) !== 0) throw new Error(`could not unpack ${tarball}`)
  rmSync(dest, { recursive: true, force: true })
  renameSync(join(tmp, 'package'), dest)
  rmSync(tmp, { recursive: true, force: true })
}

function ensureNode() {
  const major = Number(process.versions.node.split('.')[0])
  if (major >= MIN_NODE_MAJOR) return dirname(process.execPath)
  const dir = join(tooling, `node-v${NODE_VERSION}`)
  const bin = isWindows ? dir : join(dir, 'bin')
  const exe = join(bin, isWindows ? 'node.exe' : 'node')
  if (!existsSync(exe)) {
    log(
      `Node ${process.versions.node} is older than ${MIN_NODE_MAJOR}; installing Node ${NODE_VERSION} into .tooling/`,
    )
    const platform = isWindows ? 'win' : process.platform
    fetchPackage(`node-${platform}-${process.arch}@${NODE_VERSION}`, dir)
    if (!isWindows) chmodSync(exe, 0o755)
  }
  return bin
}

function ensurePnpm(nodeBin) {
  const dir = join(tooling, `pnpm-${PNPM_VERSION}`)
  const entry = join(dir, 'bin', 'pnpm.cjs')
  if (!existsSync(entry)) fetchPackage(`pnpm@${PNPM_VERSION}`, dir)
  // A shim on PATH, so that nested `pnpm` calls in scripts use the same pnpm and Node.
  const shimDir = join(tooling, 'bin')
  mkdirSync(shimDir, { recursive: true })
  const node = join(nodeBin, isWindows ? 'node.exe' : 'node')
  if (isWindows) {
    writeFileSync(join(shimDir, 'pnpm.cmd'), `@"${node}" "${entry}" %*\r\n`)
  } else {
    writeFileSync(join(shimDir, 'pnpm'), `#!/bin/sh\nexec "${node}" "${entry}" "$@"\n`)
    chmodSync(join(shimDir, 'pnpm'), 0o755)
  }
  return shimDir
}

/**
 * The browser tests drive Debian's Chromium (never a downloaded browser): the end-to-end suites
 * its headless shell (`chromium-headless-shell`, the same engine without the browser's windows,
 * which costs a fifth less CPU), the benches and the installability suite the full browser.
 * When either is missing and apt-get is there, install both; otherwise say how to point at a
 * browser (CHROMIUM_PATH then serves every suite).
 */
function ensureChromium() {
  const wanted = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell']
  if (wanted.every((path) => existsSync(path))) return
  if (isWindows || process.platform === 'darwin' || spawnSync('which', ['apt-get']).status !== 0) {
    log(
      `no browser at ${wanted.join(' and ')}: install Chromium or Chrome and set CHROMIUM_PATH to its executable`,
    )
    process.exit(1)
  }
  const sudo = process.getuid?.() === 0 ? [] : ['sudo']
  log("installing Debian's chromium and chromium-headless-shell for the browser tests (apt-get)")
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const [cmd, ...pre] = [...sudo, 'apt-get']
  if (
    run(cmd, [...pre, 'update', '-qq'], { env }) !== 0 ||
    run(cmd, [...pre, 'install', '-y', '-qq', 'chromium', 'chromium-headless-shell'], { env }) !== 0
  ) {
    log('could not install chromium; install it yourself or set CHROMIUM_PATH')
    process.exit(1)
  }
}

const [script = 'dev', ...args] = process.argv.slice(2)
if (['check', 'test:e2e', 'bench:web'].includes(script)) ensureChromium()
const nodeBin = ensureNode()
const shimDir = ensurePnpm(nodeBin)
const sep = isWindows ? ';' : ':'
const env = {
  ...process.env,
  PATH: `${shimDir}${sep}${nodeBin}${sep}${process.env.PATH ?? ''}`,
  // The Electron binary is fetched on demand (`pnpm --filter @club/desktop electron:fetch`), never by install.
  ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
  npm_config_loglevel: process.env.npm_config_loglevel ?? 'error',
}
const pnpm = join(shimDir, isWindows ? 'pnpm.cmd' : 'pnpm')
const installArgs = ['install', ...(process.env.CI ? ['--frozen-lockfile'] : [])]
if (run(pnpm, installArgs, { env, cwd: root }) !== 0) process.exit(1)
// `pnpm check` prints it in its table of phases (bootstrap's start to the install's end).
env.CLUB_INSTALL_SECONDS = String((Date.now() - bootstrapStarted) / 1000)
process.exit(run(pnpm, ['run', script, ...args], { env, cwd: root }))
