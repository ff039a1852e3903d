/**
 * How a detail hero (home, a program, a team) shows its image, beside the page's own class
 * and `detail-hero__image`: 16:9, loaded first as the page's largest paint, and as wide as
 * the hero's second column (half the container from 56rem, all of it below; detail-hero.css).
 *
 * @example
 * <EditableImage {...stored.image('imageUrl')} alt="" {...DETAIL_HERO_IMAGE} className="detail-hero__image" />
 */
export const DETAIL_HERO_IMAGE = {
  width: 1200,
  height: 675,
  sizes: '(min-width: 56rem) 36rem, 100vw',
  priority: true,
} as const
