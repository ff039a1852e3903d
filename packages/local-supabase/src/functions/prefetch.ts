/**
 * Fetches every Edge Function's npm and remote dependencies into the local Deno cache before
 * anything runs them (`pnpm check` does it first, as a phase of its own): on a fresh machine the
 * first call of a function otherwise downloads its packages while a test waits, and several
 * stacks starting at once would each wait on the registry. Locally the functions read the same
 * cache (`<project>/.local-supabase/deno`, see startLocalSupabase).
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'

import { configFlags, denoBinary, functionNames, functionsDenoDir, networkEnv } from './deno.ts'

/**
 * Caches each function's dependencies (`deno cache`, with the function's own deno.json), one
 * function at a time; resolves with the names cached, rejects naming the first that failed.
 */
export async function prefetchFunctions(
  projectRoot: string,
  log: (line: string) => void = console.log,
): Promise<string[]> {
  const dir = join(projectRoot, 'supabase', 'functions')
  const names = functionNames(dir)
  for (const name of names) {
    const folder = join(dir, name)
    const args = ['cache', '--quiet', '--no-lock', ...configFlags(folder), join(folder, 'index.ts')]
    const began = performance.now()
    const code = await new Promise<number>((resolve) => {
      const child = spawn(denoBinary(), args, {
        cwd: folder,
        stdio: ['ignore', 'inherit', 'inherit'],
        // As the functions' own workers fetch (service.ts): the machine's proxy and CA store.
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? '',
          ...networkEnv(),
          DENO_DIR: functionsDenoDir(projectRoot),
          DENO_NO_UPDATE_CHECK: '1',
          NO_COLOR: '1',
        },
      })
      child.on('error', () => resolve(1))
      child.on('close', (exit) => resolve(exit ?? 1))
    })
    if (code !== 0) throw new Error(`could not fetch the dependencies of the function ${name}`)
    log(`${name}: dependencies cached in ${((performance.now() - began) / 1000).toFixed(1)} s`)
  }
  return names
}
