// PLACEHOLDER: being built in this session; replaced before commit.
export function NewsEditorPage() {
  return <h1>News</h1>
}
