import { afterEach } from 'vitest'

/*
 * Vitest setup file: after each test in a DOM environment, unmount what it rendered and
 * drop the flag that hostile markup would set. Testing Library's waits (findBy…, waitFor) wait
 * for up to 10 s instead of 1 s: CI runs these tests while the static checks take the other
 * core, and a module loaded on demand (the entity schemas, the saving code) can take longer
 * than a second to arrive there. A wait ends as soon as what it waits for shows. Workers are reused from one test file to
 * the next (isolate: false), so such a hook cannot live in a helper module: a module is
 * evaluated once per worker, and its hook would then run for the first file only.
 */
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react')
  configure({ asyncUtilTimeout: 10_000 })
  afterEach(() => {
    cleanup()
    delete (window as { __pwned?: unknown }).__pwned
  })
}
