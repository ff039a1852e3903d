import { useId, useState } from 'react'
import type { FormEvent } from 'react'

import type { ProgramCard } from '../../entities/program-card.ts'
import { readableTextOn } from '../../ui/color.ts'
import type { EditChange } from './edit-saver.ts'
import type { ItemPanelProps } from './editor-services.ts'
import { useEditorServices } from './editor-services.ts'
import { PanelDialog, PanelFormEnd } from './panel-form.tsx'

/** The card fields this panel edits. */
export type CardStyle = Pick<
  ProgramCard,
  | 'nameColor'
  | 'taglineColor'
  | 'overlayColor'
  | 'overlayEnabled'
  | 'overlayOpacity'
  | 'regButtonColor'
  | 'viewPageButtonColor'
  | 'displayType'
>

const COLOURS = [
  ['nameColor', 'Name colour'],
  ['taglineColor', 'Tagline colour'],
  ['overlayColor', 'Overlay colour'],
  ['regButtonColor', 'Register button colour'],
  ['viewPageButtonColor', 'View program button colour'],
] as const satisfies readonly (readonly [keyof CardStyle, string])[]

const HEX6 = /^#[0-9a-f]{6}$/i

/** `<input type="color">` takes #rrggbb only; shorter stored forms are widened for it. */
function forColorInput(value: string): string {
  if (HEX6.test(value)) return value
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])/i.exec(value)
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : '#000000'
}

function styleOf(card: ProgramCard): CardStyle {
  return {
    nameColor: card.nameColor,
    taglineColor: card.taglineColor,
    overlayColor: card.overlayColor,
    overlayEnabled: card.overlayEnabled,
    overlayOpacity: card.overlayOpacity,
    regButtonColor: card.regButtonColor,
    viewPageButtonColor: card.viewPageButtonColor,
    displayType: card.displayType,
  }
}

/**
 * A program card's look: its colours, overlay (on or off, colour, opacity) and whether it
 * shows its name or its logo, with a preview of the card that follows every change. Save
 * stores all of it as one edit; Cancel leaves the card as it was.
 *
 * @example
 * <EditingSurface itemPanels={{ programCards: ProgramCardPanel }} …><ProgramsPage … /></EditingSurface>
 */
export function ProgramCardPanel({ contentKey, path, label, onClose }: ItemPanelProps) {
  const { read, applyEdits } = useEditorServices()
  const card = read(contentKey, path) as ProgramCard | undefined
  return (
    <PanelDialog title={`Card style: ${label}`} onClose={onClose}>
      {card ? (
        <CardStyleForm
          card={card}
          onSave={(style) => {
            const changes: EditChange[] = Object.entries(style).map(([field, value]) => ({
              target: { contentKey, path: [...path, field], kind: 'text' },
              value,
            }))
            applyEdits(changes)
            onClose()
          }}
        />
      ) : (
        <p>This card is no longer stored.</p>
      )}
    </PanelDialog>
  )
}

function CardStyleForm({
  card,
  onSave,
}: {
  card: ProgramCard
  onSave: (style: CardStyle) => void
}) {
  const id = useId()
  const [style, setStyle] = useState<CardStyle>(() => styleOf(card))
  const set = <F extends keyof CardStyle>(field: F, value: CardStyle[F]) =>
    setStyle((current) => ({ ...current, [field]: value }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSave(style)
  }
  return (
    <form className="edit-form" onSubmit={submit}>
      <CardPreview card={card} style={style} />
      <fieldset className="edit-field">
        <legend>Show</legend>
        {(['text', 'logo'] as const).map((type) => (
          <label key={type}>
            <input
              type="radio"
              name={`${id}-display`}
              value={type}
              checked={style.displayType === type}
              disabled={type === 'logo' && !card.logoUrl}
              onChange={() => set('displayType', type)}
            />{' '}
            {type === 'text'
              ? 'The name as text'
              : card.logoUrl
                ? 'The logo'
                : 'The logo (none stored)'}
          </label>
        ))}
      </fieldset>
      {COLOURS.map(([field, text]) => (
        <p key={field} className="edit-field">
          <label htmlFor={`${id}-${field}`}>{text}</label>
          <input
            id={`${id}-${field}`}
            type="color"
            value={forColorInput(style[field])}
            onChange={(event) => set(field, event.target.value)}
          />
        </p>
      ))}
      <p className="edit-field">
        <label>
          <input
            type="checkbox"
            checked={style.overlayEnabled}
            onChange={(event) => set('overlayEnabled', event.target.checked)}
          />{' '}
          Darken the photo with the overlay
        </label>
      </p>
      <p className="edit-field">
        <label
          htmlFor={`${id}-opacity`}
        >{`Overlay opacity: ${Math.round(style.overlayOpacity * 100)}%`}</label>
        <input
          id={`${id}-opacity`}
          type="range"
          min={0}
          max={100}
          step={5}
          disabled={!style.overlayEnabled}
          value={Math.round(style.overlayOpacity * 100)}
          onChange={(event) => set('overlayOpacity', Number(event.target.value) / 100)}
        />
      </p>
      <PanelFormEnd save="Save card style" />
    </form>
  )
}

/** The card as the Programs page draws it, with the panel's values: changes show at once. */
function CardPreview({ card, style }: { card: ProgramCard; style: CardStyle }) {
  const showsLogo = style.displayType === 'logo' && Boolean(card.logoUrl)
  const button = (color: string) => ({
    backgroundColor: color,
    borderColor: color,
    color: readableTextOn(color),
  })
  return (
    <div
      className="edit-card-preview"
      role="img"
      aria-label={`Preview of the ${card.name} card`}
      style={{ backgroundImage: `url("${encodeURI(card.backgroundUrl)}")` }}
    >
      {style.overlayEnabled && (
        <div
          className="edit-card-preview__overlay"
          style={{ backgroundColor: style.overlayColor, opacity: style.overlayOpacity }}
        />
      )}
      {showsLogo ? (
        <img src={card.logoUrl} alt="" width={160} height={80} />
      ) : (
        <strong style={{ color: style.nameColor, fontSize: '1.5rem' }}>{card.name}</strong>
      )}
      {card.tagline && <p style={{ color: style.taglineColor }}>{card.tagline}</p>}
      <p>
        <span className="btn" style={button(style.regButtonColor)}>
          Register
        </span>{' '}
        <span className="btn" style={button(style.viewPageButtonColor)}>
          View program
        </span>
      </p>
    </div>
  )
}
