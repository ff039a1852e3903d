import { lstat, opendir, realpath, stat } from 'node:fs/promises'
import { matchesGlob, relative, sep, join } from 'node:path'

/** Extensions the scan picks up (case-insensitive); HEIC/HEIF (iPhone photos) included. */
export const IMAGE_EXTENSIONS: readonly string[] = [
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
  '.avif',
  '.gif',
  '.tif',
  '.tiff',
  '.heic',
  '.heif',
]

/** A file the scan found: where it is and what the hash cache keys on. */
export type ScannedFile = {
  /** Absolute path, symlinks resolved. */
  path: string
  /** Path relative to the scanned folder, with `/` separators (stable across platforms). */
  relativePath: string
  size: number
  mtimeMs: number
}

/** Something the scan saw and left out on purpose, with why (hidden, ignored and other files are not listed). */
export type ScanSkip = { relativePath: string; reason: string }

export type ScanOptions = {
  /** Globs matched against the relative path; a pattern without `/` matches at any depth. */
  ignore?: readonly string[]
  extensions?: readonly string[]
}

export type ScanResult = { root: string; files: ScannedFile[]; skipped: ScanSkip[] }

const toPosix = (path: string) => (sep === '/' ? path : path.split(sep).join('/'))

function isInside(root: string, target: string): boolean {
  const rel = relative(root, target)
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && rel !== '..')
}

/** True when a relative path matches one of the ignore globs. */
export function isIgnored(relativePath: string, ignore: readonly string[]): boolean {
  return ignore.some((pattern) => {
    const anywhere = pattern.includes('/') ? pattern : `**/${pattern}`
    return (
      matchesGlob(relativePath, anywhere) ||
      // A pattern naming a folder also covers everything inside it.
      matchesGlob(relativePath, `${anywhere}/**`)
    )
  })
}

/**
 * Walks a folder recursively and lists the image files in it, sorted by relative path.
 * Hidden files and folders (a leading dot) and paths matching an ignore glob are left out;
 * a symlink is followed only when its target lies inside the folder, and each real folder is
 * visited once (no loops).
 */
export async function scanFolder(folder: string, options: ScanOptions = {}): Promise<ScanResult> {
  const ignore = options.ignore ?? []
  const extensions = new Set((options.extensions ?? IMAGE_EXTENSIONS).map((e) => e.toLowerCase()))
  const root = await realpath(folder)
  const rootStat = await stat(root)
  if (!rootStat.isDirectory()) throw new Error(`Not a folder: ${folder}`)
  const files: ScannedFile[] = []
  const skipped: ScanSkip[] = []
  const seenDirs = new Set<string>([root])
  const seenFiles = new Set<string>()

  const visit = async (dir: string, relDir: string): Promise<void> => {
    const handle = await opendir(dir)
    for await (const entry of handle) {
      if (entry.name.startsWith('.')) continue
      const relativePath = relDir ? `${relDir}/${entry.name}` : entry.name
      if (isIgnored(relativePath, ignore)) continue
      const full = join(dir, entry.name)
      let target = full
      let info = await lstat(full)
      if (info.isSymbolicLink()) {
        try {
          target = await realpath(full)
        } catch {
          skipped.push({ relativePath, reason: 'Broken link' })
          continue
        }
        if (!isInside(root, target)) {
          skipped.push({
            relativePath,
            reason: 'Link to a place outside the folder (not followed)',
          })
          continue
        }
        info = await stat(target)
      }
      if (info.isDirectory()) {
        if (seenDirs.has(target)) continue
        seenDirs.add(target)
        await visit(target, relativePath)
      } else if (info.isFile()) {
        const dot = entry.name.lastIndexOf('.')
        const extension = dot > 0 ? entry.name.slice(dot).toLowerCase() : ''
        if (!extensions.has(extension)) continue
        // The same file reached twice (through a link) is one file.
        if (seenFiles.has(target)) continue
        seenFiles.add(target)
        files.push({ path: target, relativePath, size: info.size, mtimeMs: info.mtimeMs })
      }
    }
  }

  await visit(root, '')
  files.sort((a, b) =>
    a.relativePath < b.relativePath ? -1 : a.relativePath > b.relativePath ? 1 : 0,
  )
  return {
    root,
    files,
    skipped: skipped.map((s) => ({ ...s, relativePath: toPosix(s.relativePath) })),
  }
}
