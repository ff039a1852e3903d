import { lazy, Suspense, useCallback, useMemo } from 'react'
import { useParams, useSearchParams } from 'react-router'

import { createHistoryRepository } from '../../history/history-repository.ts'
import { restoreRevision } from '../../history/restore-revision.ts'
import { contentKeyLabel } from '../../history/content-key-label.ts'
import { historyAddress } from '../../routing/admin-screens.ts'
import { isDocumentKey } from '../../entities/content-key-list.ts'
import type { RestoreResult } from '../../history/restore-result.tsx'
import type { ContentDocuments, DocumentKey } from '../../entities/content-keys.ts'
import { parseDocument } from '../../entities/parse-document.ts'
import { useHead } from '../../site/head.tsx'
import { adminHead } from '../admin-meta.ts'
import { useAdminDeps } from '../../auth/admin-deps.tsx'

// The screen brings the diff library (jsondiffpatch): it loads when a history is first opened,
// not with the rest of the signed-in area.
const HistoryScreen = lazy(() =>
  import('../../history/history-screen.tsx').then((m) => ({ default: m.HistoryScreen })),
)

/** `?version=12` → 12 (0: as it was before the first save); anything else → undefined. */
function versionParam(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined
  const version = Number(value)
  return version >= 0 ? version : undefined
}

/**
 * The comparison the address holds, as HistoryScreen takes it: `?version=N` (with the current
 * version) or `?version=N&to=M`, and the choice that writes the address, so a comparison can
 * be linked to.
 */
function useComparedVersions() {
  const [params, setParams] = useSearchParams()
  const selected = versionParam(params.get('version'))
  const against = selected === undefined ? undefined : versionParam(params.get('to'))
  const onSelect = useCallback(
    (version: number | undefined, to?: number) =>
      setParams(
        version === undefined
          ? {}
          : { version: String(version), ...(to === undefined ? {} : { to: String(to) }) },
      ),
    [setParams],
  )
  return { selected, against, onSelect }
}

/**
 * /admin/history/:key: the key's saved versions, a comparison of one with the current version
 * (`?version=N`) or with another (`?version=N&to=M`), so a comparison can be linked to, and
 * restore through the content store.
 */
export function HistoryRoute() {
  const { key = '' } = useParams()
  useHead(adminHead(`History of ${contentKeyLabel(key)}`, historyAddress(key)))
  const { client, store } = useAdminDeps()
  const history = useMemo(() => createHistoryRepository(client), [client])
  const compared = useComparedVersions()

  const onRestore = useCallback(
    async (version: number): Promise<RestoreResult> => {
      if (!isDocumentKey(key)) return { outcome: 'missing' }
      const outcome = await restoreRevision<ContentDocuments, DocumentKey>(
        {
          store,
          history,
          // An old version is read through today's schema, so the pages understand it; a part
          // that no longer fits keeps what is shown now rather than falling back to samples.
          parse: (contentKey, raw) => parseDocument(contentKey, raw, store.get(contentKey)),
        },
        key,
        version,
      )
      return { outcome, ...(outcome === 'stored' ? { version: store.version(key) } : {}) }
    },
    [key, store, history],
  )

  return (
    <Suspense fallback={<p role="status">Opening the history…</p>}>
      <HistoryScreen contentKey={key} history={history} {...compared} onRestore={onRestore} />
    </Suspense>
  )
}
