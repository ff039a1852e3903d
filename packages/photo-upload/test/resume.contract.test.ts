import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createLibraryRecorder } from '../src/library-update.ts'
import { summarize } from '../src/report.ts'
import { uploadFolder } from '../src/upload-folder.ts'
import { createObjectUploader } from '../src/uploader.ts'
import { makePhotoFolder, startBackend, tempDir } from './helpers.ts'
import type { Backend } from './helpers.ts'

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url))

let backend: Backend
beforeAll(async () => {
  backend = await startBackend()
})
afterAll(async () => {
  await backend?.stop()
})

function startCli(folder: string, stateDir: string) {
  const child = spawn(
    process.execPath,
    [CLI, folder, '--state-dir', stateDir, '--concurrency', '2'],
    {
      env: {
        ...process.env,
        SUPABASE_URL: backend.local.url,
        SUPABASE_ANON_KEY: backend.local.anonKey,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, exited, output: () => output }
}

async function manifestStates(stateDir: string): Promise<Map<string, string>> {
  const states = new Map<string, string>()
  let text: string
  try {
    text = await readFile(join(stateDir, 'manifest.jsonl'), 'utf8')
  } catch {
    return states
  }
  for (const line of text.split('\n')) {
    try {
      const record = JSON.parse(line) as { sha256: string; state: string }
      states.set(record.sha256, record.state)
    } catch {
      // A torn line.
    }
  }
  return states
}

describe('stopping part way and starting again', () => {
  it('should lose nothing and duplicate nothing when the process is killed mid-batch and run again', async () => {
    const folder = await makePhotoFolder(500, 10)
    const state = await tempDir()
    try {
      const first = startCli(folder.dir, state.dir)
      const deadline = Date.now() + 45_000
      for (;;) {
        const states = await manifestStates(state.dir)
        if ([...states.values()].filter((value) => value === 'uploaded').length >= 3) break
        if (Date.now() > deadline) throw new Error(`No uploads in time: ${first.output()}`)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      first.child.kill('SIGKILL')
      await first.exited
      const atKill = await manifestStates(state.dir)
      // Killed mid-batch: some uploaded, none recorded in the library yet.
      expect([...atKill.values()].filter((value) => value === 'recorded')).toHaveLength(0)
      expect([...atKill.values()].filter((value) => value === 'uploaded').length).toBeLessThan(10)

      const second = startCli(folder.dir, state.dir)
      expect(await second.exited, second.output()).toBe(0)
      expect(second.output()).toContain('uploaded:              10')

      const objects = await backend.objects()
      expect(objects).toHaveLength(20)
      const hashes =
        (await backend.library()).value?.photos.map((photo) => photo.sha256).filter(Boolean) ?? []
      expect(hashes).toHaveLength(10)
      expect(new Set(hashes).size).toBe(10)
      const final = await manifestStates(state.dir)
      expect([...final.values()].filter((value) => value === 'recorded')).toHaveLength(10)
    } finally {
      await folder.cleanup()
      await state.cleanup()
    }
  })

  it('should stop taking photos when cancelled and finish the rest on the next run', async () => {
    const folder = await makePhotoFolder(600, 6)
    const state = await tempDir()
    try {
      const client = await backend.staff()
      const controller = new AbortController()
      const library = createLibraryRecorder(client)
      const options = {
        folder: folder.dir,
        uploader: createObjectUploader(client),
        library,
        stateDir: state.dir,
        concurrency: 1,
      }
      const cancelled = await uploadFolder({
        ...options,
        signal: controller.signal,
        onFile: (outcome) => {
          if (outcome.status === 'rejected') controller.abort(new Error('Cancelled'))
        },
      })
      expect(cancelled.cancelled).toBe(true)
      const counts = summarize(cancelled)
      expect(counts['not-started']).toBeGreaterThan(0)
      expect(counts.failed).toBe(0)

      const rest = await uploadFolder(options)
      library.dispose()
      expect(summarize(rest)).toMatchObject({ uploaded: 6, failed: 0, 'not-started': 0 })
      const mine = (await backend.library()).value?.photos.filter((photo) => photo.sha256) ?? []
      expect(mine.length).toBe(16)
    } finally {
      await folder.cleanup()
      await state.cleanup()
    }
  })
})
