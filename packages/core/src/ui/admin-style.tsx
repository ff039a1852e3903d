/**
 * A stylesheet of the signed-in area, rendered with the UI that needs it. The web app merges
 * every imported `.css` file into the one stylesheet all public pages load, so admin-only
 * styles are imported as strings (`./x.css?inline`) and rendered here instead: React hoists
 * the element into the head once per `id`, and visitors never download it.
 *
 * @example
 * import shellCss from './admin-shell.css?inline'
 * <AdminStyle id="club-admin-shell" css={shellCss} />
 */
export function AdminStyle({ id, css }: { id: string; css: string }) {
  return (
    <style href={id} precedence="default">
      {css}
    </style>
  )
}
