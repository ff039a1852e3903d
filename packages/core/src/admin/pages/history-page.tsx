// PLACEHOLDER: being built in this session; replaced before commit.
export function HistoryPage() {
  return <h1>History</h1>
}
