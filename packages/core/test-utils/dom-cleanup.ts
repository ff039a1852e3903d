import { afterEach } from 'vitest'

/*
 * Vitest setup file: after each test in a DOM environment, unmount what it rendered and
 * drop the flag that hostile markup would set. Workers are reused from one test file to
 * the next (isolate: false), so such a hook cannot live in a helper module: a module is
 * evaluated once per worker, and its hook would then run for the first file only.
 */
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react')
  afterEach(() => {
    cleanup()
    delete (window as { __pwned?: unknown }).__pwned
  })
}
