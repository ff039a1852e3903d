import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { isIgnored, scanFolder } from './scan.ts'

let base: string
let root: string

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'scan-'))
  root = join(base, 'photos')
  await mkdir(join(root, 'day-1', 'raw'), { recursive: true })
  await mkdir(join(root, '.hidden-dir'))
  await mkdir(join(base, 'outside'))
  await writeFile(join(root, 'a.JPG'), 'a')
  await writeFile(join(root, 'notes.txt'), 'n')
  await writeFile(join(root, '.secret.jpg'), 's')
  await writeFile(join(root, '.hidden-dir', 'b.jpg'), 'b')
  await writeFile(join(root, 'day-1', 'c.png'), 'cc')
  await writeFile(join(root, 'day-1', 'd.heic'), 'd')
  await writeFile(join(root, 'day-1', 'raw', 'e.jpeg'), 'e')
  await writeFile(join(base, 'outside', 'f.jpg'), 'f')
})

afterEach(async () => {
  await rm(base, { recursive: true, force: true })
})

describe('scanFolder', () => {
  it('should list image files recursively, sorted, skipping hidden files and other types', async () => {
    const result = await scanFolder(root)
    expect(result.files.map((file) => file.relativePath)).toEqual([
      'a.JPG',
      'day-1/c.png',
      'day-1/d.heic',
      'day-1/raw/e.jpeg',
    ])
    expect(result.files[1]?.size).toBe(2)
  })

  it('should leave out paths matching ignore globs', async () => {
    const result = await scanFolder(root, { ignore: ['raw', '*.png'] })
    expect(result.files.map((file) => file.relativePath)).toEqual(['a.JPG', 'day-1/d.heic'])
  })

  it('should not follow links that lead outside the folder, and say so', async () => {
    await symlink(join(base, 'outside'), join(root, 'escape'))
    await symlink(join(base, 'outside', 'f.jpg'), join(root, 'f-link.jpg'))
    const result = await scanFolder(root)
    expect(result.files.some((file) => file.path.includes('outside'))).toBe(false)
    expect(result.skipped.map((skip) => skip.relativePath).sort()).toEqual(['escape', 'f-link.jpg'])
  })

  it('should follow links inside the folder once, without looping', async () => {
    await symlink(root, join(root, 'day-1', 'loop'))
    await symlink(join(root, 'a.JPG'), join(root, 'day-1', 'again.jpg'))
    const result = await scanFolder(root)
    expect(result.files).toHaveLength(4)
  })
})

describe('isIgnored', () => {
  it('should match a bare pattern at any depth and a folder with its contents', () => {
    expect(isIgnored('x/y/IMG_1.jpg', ['IMG_*'])).toBe(true)
    expect(isIgnored('x/tmp/z.jpg', ['tmp'])).toBe(true)
    expect(isIgnored('x/z.jpg', ['tmp'])).toBe(false)
    expect(isIgnored('x/z.jpg', ['y/*.jpg'])).toBe(false)
  })
})
