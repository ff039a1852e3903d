import './full-screen-loader.css'

/** Props of the full-screen loader. */
export type FullScreenLoaderProps = {
  /** What screen readers hear while it shows. */
  label?: string
  /** The logo to pulse; the club's logo by default. */
  logoSrc?: string
}

/**
 * Covers the screen with the club's logo, pulsing gently (scale 1 → 1.05 → 1 over
 * 1.5 s), while something the whole screen depends on loads, such as the session.
 */
export function FullScreenLoader({
  label = 'Loading',
  logoSrc = '/images/logo.svg',
}: FullScreenLoaderProps) {
  return (
    <div className="club-loader" role="status" aria-live="polite" aria-label={label}>
      {/* The label speaks for the screen, so the logo is decoration (empty alt). */}
      <img className="club-loader__logo" src={logoSrc} width={128} height={128} alt="" />
      {/* Live regions announce their text, not their aria-label: give them text to read. */}
      <span className="club-loader__text">{label}</span>
    </div>
  )
}
