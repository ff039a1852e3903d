/** Build-time values electron-vite inlines into main (public ones only: they end up in the app). */
interface ImportMetaEnv {
  /** An https page to open from Help → Documentation. */
  readonly MAIN_VITE_DOCUMENTATION_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
