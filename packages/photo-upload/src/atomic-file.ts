import { mkdir, open, rename } from 'node:fs/promises'
import { dirname } from 'node:path'

/** Writes a file so that a crash leaves either the old or the new content, never half of one. */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temporary = `${path}.${process.pid}.tmp`
  const handle = await open(temporary, 'w', 0o600)
  try {
    await handle.writeFile(content)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await rename(temporary, path)
}
