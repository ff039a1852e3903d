// @vitest-environment jsdom
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { PROGRAM_SLUGS } from '../entities/program-slug.ts'
import { DEFAULT_CONTENT } from './default-content.ts'
import { IMAGES } from './images.ts'

// A string, not a URL object: under jsdom `URL` is not Node's own.
const IMAGES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../public/images')

/** Every string in the sample content, with where it was found. */
function strings(value: unknown, path = ''): { path: string; value: string }[] {
  if (typeof value === 'string') return [{ path, value }]
  if (Array.isArray(value)) return value.flatMap((item, i) => strings(item, `${path}[${i}]`))
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => strings(item, `${path}.${key}`))
  }
  return []
}

const ALL_STRINGS = strings(DEFAULT_CONTENT)

/** Site paths the sample content links to, including hrefs inside HTML fragments. */
function internalLinks(): { path: string; value: string }[] {
  const links: { path: string; value: string }[] = []
  for (const entry of ALL_STRINGS) {
    if (entry.value.startsWith('/') && !entry.value.startsWith('/images/')) links.push(entry)
    for (const match of entry.value.matchAll(/href="([^"]*)"/g)) {
      links.push({ path: `${entry.path} (href)`, value: match[1] ?? '' })
    }
  }
  return links
}

// The route table of spec §2, plus the two paths its sample content links to.
const STATIC_ROUTES = new Set([
  '/',
  '/about',
  '/programs',
  '/alumni',
  '/fields',
  '/rules',
  '/weather-policy',
  '/contact',
  '/teams',
  '/donate',
  '/news-and-updates',
  '/camps-events',
  '/sponsors',
  '/live-updates',
  ...PROGRAM_SLUGS.map((slug) => `/programs/${slug}`),
  '/programs/flash-softball/18u',
  '/programs/flash-softball/12u',
  '/programs/big-train/10u',
  '/programs/big-train/12u',
  '/programs/big-train/14u',
  '/dmv',
  '/dmv/2026',
  '/dmv/2027',
  '/dmv/2028',
  '/schedule',
])

function isSpecRoute(link: string): boolean {
  // In-page anchors the pages define (the Fields page's status section, the rules' weather
  // policy, the Programs page's registration list).
  const anchors = ['/rules-faq#weather-policy', '/fields#field-status', '/programs#registration']
  if (anchors.includes(link)) return true
  const [path, ...rest] = link.split('#')
  if (rest.length > 0 || path === undefined || path.includes('?')) return false
  if (STATIC_ROUTES.has(path)) return true
  const [, section, slug, more] = path.split('/')
  if (more !== undefined || !slug) return false
  if (section === 'news-and-updates') return DEFAULT_CONTENT.newsPosts.some((p) => p.slug === slug)
  if (section === 'camps-events') return DEFAULT_CONTENT.clinics.some((c) => c.slug === slug)
  if (section === 'team') return slug in DEFAULT_CONTENT.teams
  return false
}

function svgFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    return statSync(full).isDirectory() ? svgFiles(full) : [full]
  })
}

describe('links in the sample content', () => {
  it('should find the links it checks', () => {
    expect(internalLinks().length).toBeGreaterThan(30)
  })

  it('should point every internal link at a route of the spec', () => {
    const bad = internalLinks().filter((link) => !isSpecRoute(link.value))
    expect(bad).toEqual([])
  })

  it('should refuse links that are not routes', () => {
    expect(isSpecRoute('/rules-faq')).toBe(false)
    expect(isSpecRoute('/news-and-updates/no-such-post')).toBe(false)
    expect(isSpecRoute('/programs/curling')).toBe(false)
  })

  it('should use only https for external links', () => {
    const external = ALL_STRINGS.filter((entry) => /^[a-z]+:/i.test(entry.value))
    expect(external.length).toBeGreaterThan(0)
    for (const entry of external) expect(entry.value).toMatch(/^https:\/\//)
  })
})

describe('images of the sample content', () => {
  const files = svgFiles(IMAGES_DIR)
  const referenced = new Set(
    ALL_STRINGS.filter((entry) => entry.value.startsWith('/images/')).map((entry) => entry.value),
  )

  it('should ship every image the content references', () => {
    expect(referenced.size).toBeGreaterThan(20)
    const shipped = new Set(files.map((file) => `/images/${relative(IMAGES_DIR, file)}`))
    expect([...referenced].filter((src) => !shipped.has(src))).toEqual([])
    // The catalogue and the content agree, so no shipped image is dead weight.
    const catalogued = new Set(strings(IMAGES).map((entry) => entry.value))
    catalogued.delete(IMAGES.logo)
    expect([...shipped].filter((src) => src !== IMAGES.logo && !referenced.has(src))).toEqual([])
    expect([...catalogued].filter((src) => !referenced.has(src))).toEqual([])
  })

  it.each(files.map((file) => [relative(IMAGES_DIR, file), file]))(
    'should make %s a small, self-contained SVG with a title and fixed size',
    (_name, file) => {
      const text = readFileSync(file, 'utf8')
      expect(text.length).toBeLessThan(8 * 1024)
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml')
      expect(doc.getElementsByTagName('parsererror')).toHaveLength(0)
      const root = doc.documentElement
      expect(root.tagName).toBe('svg')
      const width = Number(root.getAttribute('width'))
      const height = Number(root.getAttribute('height'))
      expect(width).toBeGreaterThan(0)
      expect(height).toBeGreaterThan(0)
      expect(root.getAttribute('viewBox')).toBe(`0 0 ${width} ${height}`)
      expect(root.firstElementChild?.tagName).toBe('title')
      expect(root.firstElementChild?.textContent?.trim()).not.toBe('')
      for (const tag of ['script', 'foreignObject', 'image', 'use', 'style', 'a']) {
        expect(doc.getElementsByTagName(tag)).toHaveLength(0)
      }
      for (const element of Array.from(doc.getElementsByTagName('*'))) {
        for (const attribute of Array.from(element.attributes)) {
          expect(attribute.name.toLowerCase().startsWith('on')).toBe(false)
          if (/href$/i.test(attribute.name)) expect(attribute.value.startsWith('#')).toBe(true)
          if (attribute.value.includes('url(')) expect(attribute.value).toMatch(/^url\(#[\w-]+\)$/)
        }
      }
    },
  )

  it('should record the photo library sizes of the images as drawn', () => {
    for (const photo of DEFAULT_CONTENT.photoLibrary.photos) {
      const text = readFileSync(join(IMAGES_DIR, photo.src.replace('/images/', '')), 'utf8')
      const root = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement
      expect([Number(root.getAttribute('width')), Number(root.getAttribute('height'))]).toEqual([
        photo.width,
        photo.height,
      ])
    }
  })
})
