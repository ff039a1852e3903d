import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import { inlineStylesheets, NEWEST_ARTICLES, olderArticles } from './build.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A client folder with the given stylesheets in assets/. */
function client(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'club-inline-'))
  dirs.push(dir)
  mkdirSync(join(dir, 'assets'))
  for (const [name, css] of Object.entries(files)) writeFileSync(join(dir, 'assets', name), css)
  return dir
}

const link = (name: string) => `<link rel="stylesheet" crossorigin href="/assets/${name}">`

describe('inlineStylesheets', () => {
  it('should put the app’s stylesheet in the page, so the first paint needs no second request', () => {
    const dir = client({ 'style-a1.css': 'body{color:navy}' })
    expect(inlineStylesheets(`<head>${link('style-a1.css')}</head>`, dir)).toBe(
      '<head><style>body{color:navy}</style></head>',
    )
  })

  it('should keep the link for a stylesheet that is missing or could close the tag early', () => {
    const dir = client({ 'style-b2.css': 'a::after{content:"</style><script>"}' })
    const template = `<head>${link('style-b2.css')}${link('style-gone.css')}</head>`
    expect(inlineStylesheets(template, dir)).toBe(template)
  })
})

describe('olderArticles', () => {
  it('should leave to the server the articles of every post but the newest and the carousel’s', () => {
    const posts = Array.from({ length: 40 }, (_, n) => ({
      slug: `post-${n}`,
      showInCarousel: n === 30,
    }))
    const paths = [
      '/',
      '/news-and-updates',
      ...posts.map((post) => `/news-and-updates/${post.slug}`),
    ]
    const left = olderArticles(paths, posts)
    expect(left).toEqual(
      posts
        .map((_, n) => n)
        .filter((n) => n >= NEWEST_ARTICLES && n !== 30)
        .map((n) => `/news-and-updates/post-${n}`),
    )
  })
})
