// Loaded with `node --import` before the production server's modules (see the `start`
// script): React runs its production build only if NODE_ENV says so when it is first
// imported, and nothing else sets it here (Vite does during a build, not when serving).
// Its development build is slower and runs checks meant for development. A NODE_ENV already
// set is kept.
process.env.NODE_ENV ??= 'production'
