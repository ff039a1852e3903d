// Components import their plain .css file for its side effect; the bundler (Vite) handles
// it, and TypeScript only needs to know such an import is intended.
declare module '*.css'

/** A stylesheet's text, for styles rendered by the UI that needs them (see ui/admin-style.tsx). */
declare module '*.css?inline' {
  const css: string
  export default css
}
