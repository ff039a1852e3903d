// PLACEHOLDER: being built in this session; replaced before commit.
export function AboutEditorPage() {
  return <h1>About editor</h1>
}
