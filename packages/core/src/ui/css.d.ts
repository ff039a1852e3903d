// Components import their plain .css file for its side effect; the bundler (Vite) handles
// it, and TypeScript only needs to know such an import is intended.
declare module '*.css'
