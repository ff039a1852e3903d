/** Props of {@link TitledCardsSection}. */
export type TitledCardsSectionProps = {
  /** The heading's id, which labels the section. */
  id: string
  heading: string
  items: readonly { id: string; title: string; text: string }[]
  /** A tinted section (alternating with plain ones down the page). */
  tint?: boolean
  /** The list's own class, beside `grid`. */
  listClassName: string
  /** Each card's own class, beside `card`. */
  itemClassName?: string
}

/**
 * A section of titled text cards under a heading: what a gift funds, why to sponsor the league.
 *
 * @example
 * <TitledCardsSection id="donate-funds" heading="What your gift funds" items={text.funds}
 *   listClassName="donate-funds" itemClassName="donate-fund" />
 */
export function TitledCardsSection({
  id,
  heading,
  items,
  tint = false,
  listClassName,
  itemClassName,
}: TitledCardsSectionProps) {
  return (
    <section className={tint ? 'section section--tint' : 'section'} aria-labelledby={id}>
      <div className="container">
        <h2 id={id}>{heading}</h2>
        <ul className={`grid ${listClassName}`}>
          {items.map((item) => (
            <li key={item.id} className={itemClassName ? `card ${itemClassName}` : 'card'}>
              <div className="card__body">
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
