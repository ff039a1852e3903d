// `pnpm --filter @club/desktop icons`: renders the club logo (packages/core/public/images/logo.svg)
// into the PNG icons electron-builder packages from build/: a 1024 px icon.png (macOS and
// Windows icons are made from it) and build/icons/<size>x<size>.png for Linux. The PNGs are
// committed; run this again when the logo changes.
import { mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

/** The part of sharp's API used here (its types live with @club/photo-upload, not this package). */
type Transparent = { r: 0; g: 0; b: 0; alpha: 0 }
type Pipeline = {
  resize(
    width: number,
    height: number,
    options: { fit: 'contain'; background: Transparent },
  ): Pipeline
  composite(layers: { input: Buffer; gravity: 'centre' }[]): Pipeline
  png(options?: { compressionLevel: number }): Pipeline
  toBuffer(): Promise<Buffer>
  toFile(path: string): Promise<unknown>
}
type Sharp = (
  input:
    string | { create: { width: number; height: number; channels: 4; background: Transparent } },
  options?: { density: number },
) => Pipeline

// sharp is installed for the photo uploader; the icons borrow it rather than add a dependency.
const sharp = createRequire(
  new URL('../../../packages/photo-upload/package.json', import.meta.url),
)('sharp') as Sharp

const logo = fileURLToPath(
  new URL('../../../packages/core/public/images/logo.svg', import.meta.url),
)
const buildDir = fileURLToPath(new URL('../../../build/', import.meta.url))
const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512]

/** The logo centred on a transparent square, with a little margin as desktop icons have. */
async function render(size: number, file: string) {
  const inner = Math.round(size * 0.875)
  const art = await sharp(logo, { density: 72 * Math.ceil((inner / 64) * 2) })
    .resize(inner, inner, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer()
  await sharp({
    create: { width: size, height: size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: art, gravity: 'centre' }])
    .png({ compressionLevel: 9 })
    .toFile(file)
}

mkdirSync(`${buildDir}icons`, { recursive: true })
await render(1024, `${buildDir}icon.png`)
for (const size of LINUX_SIZES) await render(size, `${buildDir}icons/${size}x${size}.png`)
console.log(`icons written to ${buildDir}`)
