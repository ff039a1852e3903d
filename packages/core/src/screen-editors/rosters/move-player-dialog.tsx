import * as Dialog from '@radix-ui/react-dialog'
import { useId, useState } from 'react'
import type { ReactNode } from 'react'

import { AdminStyle } from '../../ui/admin-style.tsx'
import { ModalContent } from '../../ui/modal-content.tsx'
import { FormControlsStyle, SelectField } from '../shared/form-controls.tsx'
import movePlayerCss from './move-player-dialog.css?inline'
import { listOf } from './roster-editor.tsx'
import { numberOf, planMove } from './roster-move.ts'
import type { Exposure, MovablePlayer, MovePlan, MovableTeam } from './roster-move.ts'
import { tidyText } from './roster-rules.ts'

type Teams = Readonly<Record<string, MovableTeam>>

/** The player a "Move to team…" action was pressed for. */
export type MoveRequest = { teamKey: string; playerId: string }

const teamName = (name: string) => tidyText(name) || 'Untitled team'
const playerName = (name: string) => tidyText(name) || 'the new player'
const playerLabel = (player: MovablePlayer) =>
  [numberOf(player) && `#${numberOf(player)}`, playerName(player.name)].filter(Boolean).join(' ')

/** What a team's public roster shows, as the warning names it. */
const SHOWN: Record<Exposure, string[]> = {
  'full name': ['full names'],
  'height and weight': ['heights', 'weights'],
}
/** The same of one player. */
const OF_PLAYER: Record<Exposure, string[]> = {
  'full name': ['full name'],
  'height and weight': ['height', 'weight'],
}

/** "full name, height and weight". */
export const exposedDetails = (exposes: readonly Exposure[]) =>
  listOf(exposes.flatMap((e) => OF_PLAYER[e]))

/**
 * A warning the move waits on: what it means, the box to tick to go ahead anyway, and the
 * problem shown while the box is not ticked.
 */
function Warning({
  id,
  label,
  checked,
  error,
  onCheckedChange,
  children,
}: {
  id: string
  label: string
  checked: boolean
  error: string | undefined
  onCheckedChange(checked: boolean): void
  children: ReactNode
}) {
  const errorId = `${id}-error`
  return (
    <div className="move-player__warning" id={id}>
      <p>{children}</p>
      <label className="move-player__confirm">
        <input
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
        {` ${label}`}
      </label>
      {error && (
        <p className="editor-field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
}

/** The privacy warning: what the new team shows that the old one hides (spec: children first). */
export function exposureWarning(plan: MovePlan): string {
  const name = playerName(plan.player.name)
  return `${teamName(plan.to.name)} shows ${listOf(plan.exposes.flatMap((e) => SHOWN[e]))} on its public roster. Once you save, visitors will see ${name}’s ${exposedDetails(plan.exposes)} there, which ${teamName(plan.from.name)} hides.`
}

/**
 * "Move to team…" for one player: the team is chosen from the others, then the dialog says
 * what the move would do before it happens. A number already worn on the new team, and a new
 * team that shows what the old one hides (full name, height and weight: a child's privacy
 * comes before convenience), must each be confirmed by a box of its own; until they are,
 * Move refuses and says which. The move keeps every field of the player and is part of the
 * values, so Discard changes undoes it.
 */
export function MovePlayerDialog({
  request,
  teams,
  onMove,
  onCancel,
}: {
  request: MoveRequest | null
  teams: Teams
  onMove(request: MoveRequest, toKey: string): void
  onCancel(): void
}) {
  return (
    <Dialog.Root open={request !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <Dialog.Portal>
        <Dialog.Overlay className="editor-dialog__overlay" />
        {request && (
          <MoveForm
            key={`${request.teamKey} ${request.playerId}`}
            request={request}
            teams={teams}
            onMove={onMove}
          />
        )}
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/**
 * The move dialog's content (inside a Radix Dialog): the team chosen, the warnings and their
 * boxes, Cancel and Move. With `choosePlayer`, the player is chosen first from the team's
 * roster (the team page in edit mode, which has no row actions of its own).
 */
export function MoveForm({
  request,
  teams,
  onMove,
  choosePlayer = false,
  className = 'editor-dialog',
}: {
  request: MoveRequest
  teams: Teams
  onMove(request: MoveRequest, toKey: string): void
  choosePlayer?: boolean
  /** The dialog's class: the admin screens' by default, `edit-dialog` over a page in edit mode. */
  className?: string
}) {
  const id = useId()
  const [toKey, setToKey] = useState('')
  const [sharedNumberOk, setSharedNumberOk] = useState(false)
  const [privacyOk, setPrivacyOk] = useState(false)
  const [tried, setTried] = useState(false)
  const [playerId, setPlayerId] = useState(request.playerId)
  const from = teams[request.teamKey]
  const player = from?.roster.find((p) => p.id === playerId)
  const plan = toKey && player ? planMove(teams, request.teamKey, player.id, toKey) : undefined
  const name = playerName(player?.name ?? '')
  const options = [
    { value: '', label: 'Choose a team…' },
    ...Object.entries(teams)
      .filter(([key]) => key !== request.teamKey)
      .map(([key, team]) => ({ value: key, label: teamName(team.name) })),
  ]
  const clash = plan && plan.clashesWith.length > 0
  const exposes = plan && plan.exposes.length > 0
  const problems = {
    player: tried && !player ? 'Choose the player to move.' : undefined,
    team: tried && player && !plan ? 'Choose the team to move them to.' : undefined,
    clash:
      tried && clash && !sharedNumberOk
        ? 'Confirm the shared number, or choose another team.'
        : undefined,
    privacy:
      tried && exposes && !privacyOk
        ? 'Confirm what visitors will see, or choose another team.'
        : undefined,
  }

  const move = () => {
    setTried(true)
    if (!plan || (clash && !sharedNumberOk) || (exposes && !privacyOk)) return
    onMove({ teamKey: request.teamKey, playerId: plan.player.id }, toKey)
  }

  return (
    <ModalContent className={`${className} move-player`}>
      <AdminStyle id="club-move-player" css={movePlayerCss} />
      <FormControlsStyle />
      <Dialog.Title className="editor-dialog__title">
        {player ? `Move ${name} to another team` : 'Move a player to another team'}
      </Dialog.Title>
      <Dialog.Description className="editor-dialog__description">
        {`Every detail of ${player ? name : 'the player'} moves with them, off the ${teamName(from?.name ?? '')} roster. ${choosePlayer ? 'It is saved like any change on this page.' : 'Nothing changes on the site until you save.'}`}
      </Dialog.Description>
      {choosePlayer && (
        <SelectField
          label="Player"
          value={playerId}
          error={problems.player}
          options={[
            { value: '', label: 'Choose a player…' },
            ...(from?.roster ?? []).map((p) => ({ value: p.id, label: playerLabel(p) })),
          ]}
          onChange={(value) => {
            setPlayerId(value)
            setSharedNumberOk(false)
            setPrivacyOk(false)
            setTried(false)
          }}
        />
      )}
      <SelectField
        label="Team"
        value={toKey}
        options={options}
        error={problems.team}
        onChange={(value) => {
          setToKey(value)
          setSharedNumberOk(false)
          setPrivacyOk(false)
          setTried(false)
        }}
      />
      {plan && exposes && (
        <Warning
          id={`${id}-privacy`}
          label={`Show ${name}’s ${exposedDetails(plan.exposes)} on the ${teamName(plan.to.name)} roster`}
          checked={privacyOk}
          error={problems.privacy}
          onCheckedChange={setPrivacyOk}
        >
          <strong>Privacy: </strong>
          {exposureWarning(plan)}
        </Warning>
      )}
      {plan && clash && (
        <Warning
          id={`${id}-clash`}
          label={`Move anyway: two players will wear number ${numberOf(plan.player)} until one is changed`}
          checked={sharedNumberOk}
          error={problems.clash}
          onCheckedChange={setSharedNumberOk}
        >
          {`Number ${numberOf(plan.player)} is already worn by ${listOf(
            plan.clashesWith.map((p) => playerName(p.name)),
          )} on ${teamName(plan.to.name)}.`}
        </Warning>
      )}
      <div className="editor-actions">
        <Dialog.Close asChild>
          <button type="button" className="btn btn--outline">
            Cancel
          </button>
        </Dialog.Close>
        <button type="button" className="btn btn--primary" onClick={move}>
          {plan ? `Move to ${teamName(plan.to.name)}` : 'Move'}
        </button>
      </div>
    </ModalContent>
  )
}
