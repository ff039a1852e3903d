import { useState } from 'react'

import { AdminStyle } from '../ui/admin-style.tsx'
import type { PresentedChange, ValueView } from './change-presentation.ts'
import changeListCss from './change-list.css?inline'

/** Changes shown at first; the rest wait behind "Show all". */
export const CHANGES_SHOWN = 50

const KIND_LABEL = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
  moved: 'Moved',
} as const

/** Props of {@link ChangeList}. */
export type ChangeListProps = {
  /** From `presentChanges(older, newer)`. */
  changes: readonly PresentedChange[]
  /** What the older side is called: "Version 3", "Their version". */
  beforeLabel: string
  /** What the newer side is called: "Current version", "Your version". */
  afterLabel: string
  /** Said when there is no difference. */
  emptyText?: string
  /** The list's accessible name. */
  label: string
}

function Value({ view }: { view: ValueView }) {
  switch (view.kind) {
    case 'empty':
      return <span className="change__empty">(empty)</span>
    case 'text':
      return <p className="change__value">{view.text}</p>
    case 'items':
      return (
        <ul className="change__fields">
          {view.items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
          {view.more > 0 && <li>{`…and ${view.more} more`}</li>}
        </ul>
      )
    case 'fields':
      return (
        <ul className="change__fields">
          {view.fields.map((field, index) => (
            <li key={index}>
              <strong>{field.label}:</strong> {field.text}
            </li>
          ))}
          {view.more > 0 && <li>{`…and ${view.more} more fields`}</li>}
        </ul>
      )
  }
}

function Values({ change, beforeLabel, afterLabel }: { change: PresentedChange } & Labels) {
  const sides = [
    change.before && { label: beforeLabel, view: change.before },
    change.after && { label: afterLabel, view: change.after },
  ].filter((side): side is { label: string; view: ValueView } => Boolean(side))
  return (
    <dl className="change__values">
      {sides.map((side) => (
        <div key={side.label}>
          <dt>{side.label}</dt>
          <dd>
            <Value view={side.view} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

type Labels = { beforeLabel: string; afterLabel: string }

function Change({ change, beforeLabel, afterLabel }: { change: PresentedChange } & Labels) {
  return (
    <li className={`change change--${change.kind}`}>
      <p className="change__head">
        <span className="change__kind">{KIND_LABEL[change.kind]}</span>
        <span className="change__place">{change.place}</span>
      </p>
      {change.words ? (
        <p className="change__words">
          {change.words.map((part, index) =>
            part.op === 'same' ? (
              <span key={index}>{part.text}</span>
            ) : part.op === 'removed' ? (
              <del key={index}>
                <span className="visually-hidden">{`[removed: `}</span>
                {part.text}
                <span className="visually-hidden">{`]`}</span>
              </del>
            ) : (
              <ins key={index}>
                <span className="visually-hidden">{`[added: `}</span>
                {part.text}
                <span className="visually-hidden">{`]`}</span>
              </ins>
            ),
          )}
        </p>
      ) : change.positions ? (
        <p className="change__value">
          {`From position ${change.positions.from} to position ${change.positions.to}.`}
        </p>
      ) : (
        <>
          {change.formattingOnly && (
            <p className="change__value">The formatting changed; the words are the same.</p>
          )}
          {!change.formattingOnly && (
            <Values change={change} beforeLabel={beforeLabel} afterLabel={afterLabel} />
          )}
        </>
      )}
    </li>
  )
}

/**
 * The differences between two versions of a document as a list people can read: each change
 * named where the editor would find it, with the words removed and added, or the old and the
 * new value side by side (stacked on a phone). Long lists show their first
 * {@link CHANGES_SHOWN} changes until "Show all" is pressed.
 *
 * @example
 * <ChangeList changes={presentChanges(old, current)} beforeLabel="Version 3"
 *   afterLabel="Current version" label="Changes since version 3" />
 */
export function ChangeList({
  changes,
  beforeLabel,
  afterLabel,
  emptyText = 'The two versions are the same.',
  label,
}: ChangeListProps) {
  const [showAll, setShowAll] = useState(false)
  const shown = showAll ? changes : changes.slice(0, CHANGES_SHOWN)
  return (
    <>
      <AdminStyle id="club-change-list" css={changeListCss} />
      {changes.length === 0 ? (
        <p>{emptyText}</p>
      ) : (
        <ol className="change-list" aria-label={label}>
          {shown.map((change, index) => (
            <Change
              key={`${change.path}-${index}`}
              change={change}
              beforeLabel={beforeLabel}
              afterLabel={afterLabel}
            />
          ))}
        </ol>
      )}
      {shown.length < changes.length && (
        <p className="change-list__more">
          <button type="button" className="btn btn--outline" onClick={() => setShowAll(true)}>
            {`Show all ${changes.length} changes`}
          </button>
        </p>
      )}
    </>
  )
}
