import * as Dialog from '@radix-ui/react-dialog'

import type { Teams } from '../../entities/team.ts'
import { uniqueId } from '../../entities/unique-id.ts'
import { MoveForm } from './move-player-dialog.tsx'
import { movePlayer } from './roster-move.ts'
import type { ItemPanelProps } from '../../editing/in-place/editor-services.ts'
import { useEditorServices } from '../../editing/in-place/editor-services.ts'

/**
 * "Move a player to another team" on a team page in edit mode (teams[teamKey]): the player and
 * the team are chosen, a shared number and a privacy change are confirmed as on the Rosters &
 * staff screen (MoveForm), and both rosters change in one edit, every field of the player kept.
 *
 * @example
 * <EditablePanel contentKey="teams" path={[teamKey]} panel="rosterMove" label="Move a player">…</EditablePanel>
 */
export function RosterMovePanel({ contentKey, path, onClose }: ItemPanelProps) {
  const { read, applyEdits } = useEditorServices()
  const teams = (read(contentKey, []) ?? {}) as Teams
  const teamKey = typeof path[0] === 'string' ? path[0] : ''
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="edit-dialog__overlay" />
        <MoveForm
          request={{ teamKey, playerId: '' }}
          teams={teams}
          choosePlayer
          className="edit-dialog"
          onMove={(request, toKey) => {
            const moved = movePlayer(teams, request.teamKey, request.playerId, toKey, () =>
              uniqueId('player'),
            )
            applyEdits(
              [request.teamKey, toKey].map((key) => ({
                target: { contentKey, path: [key, 'roster'], kind: 'panel' as const },
                value: moved[key]?.roster ?? [],
              })),
            )
            onClose()
          }}
        />
      </Dialog.Portal>
    </Dialog.Root>
  )
}
