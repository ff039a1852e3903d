/**
 * Checks that no module of the workspace's source imports itself through others: no import
 * circle, type-only imports included (a circle of types still ties the modules' meaning
 * together, and a later value import turns it into a load-order bug). Imports inside one
 * package are followed (relative specifiers); a dynamic `import()` is not, since it runs after
 * both modules have loaded. Tests are left out. Part of `pnpm lint`.
 *
 * The layers of core (LAYERS in config/eslint/import-zones.js) keep circles from running between folders;
 * this check finds them inside a folder too.
 *
 * @example
 * node scripts/check-import-cycles.ts   # prints the modules checked; exits 1 naming each circle
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const SOURCE_DIRS = [
  'packages/core/src',
  'packages/local-supabase/src',
  'packages/photo-upload/src',
  'apps/web/src',
  'apps/web/scripts',
  'apps/desktop/src',
  'supabase/functions',
  'scripts',
]
const SOURCE = /\.(ts|tsx|mts)$/
const TEST = /\.test\.tsx?$|\.contract\.test\.ts$/

/** The relative modules a source imports or re-exports statically, types included. */
export function staticImports(source: string): string[] {
  const found = new Set<string>()
  // `import … from './x'`, `import type … from`, `export { … } from`, `export * from`, across lines.
  for (const match of source.matchAll(
    /^[ \t]*(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/gm,
  ))
    if (match[1]) found.add(match[1])
  // `import './x.ts'` for its effects.
  for (const match of source.matchAll(/^[ \t]*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm))
    if (match[1]) found.add(match[1])
  return [...found].filter((specifier) => SOURCE.test(specifier.replace(/\?.*$/, '')))
}

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.') || name.startsWith('dist')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path))
    else if (SOURCE.test(name) && !TEST.test(name)) out.push(path)
  }
  return out
}

/** Every circle of `graph` (its strongly connected components of more than one module). */
export function circles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  const visit = (module: string) => {
    index.set(module, next)
    low.set(module, next)
    next += 1
    stack.push(module)
    onStack.add(module)
    for (const target of graph.get(module) ?? []) {
      if (!graph.has(target)) continue
      if (!index.has(target)) {
        visit(target)
        low.set(module, Math.min(low.get(module)!, low.get(target)!))
      } else if (onStack.has(target)) {
        low.set(module, Math.min(low.get(module)!, index.get(target)!))
      }
    }
    if (low.get(module) === index.get(module)) {
      const component: string[] = []
      let member: string | undefined
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== module)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const module of graph.keys()) if (!index.has(module)) visit(module)
  return found
}

if (import.meta.main) {
  const graph = new Map<string, string[]>()
  for (const dir of SOURCE_DIRS) {
    for (const file of sourceFiles(join(root, dir))) {
      const imports = staticImports(readFileSync(file, 'utf8')).map((specifier) =>
        resolve(dirname(file), specifier.replace(/\?.*$/, '')),
      )
      graph.set(file, imports)
    }
  }
  const found = circles(graph)
  console.log(`[import circles] ${graph.size} modules checked, ${found.length} circles`)
  for (const circle of found)
    console.error(`  import circle: ${circle.map((file) => relative(root, file)).join(' ↔ ')}`)
  if (found.length > 0) process.exit(1)
}
