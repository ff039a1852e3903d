import { useState } from 'react'

import type { NewsPost } from '../../entities/news-post.ts'
import { slugify, uniqueSlug } from './news-slug.ts'

/** A post's address as it is edited, from {@link usePostAddress}. */
export type PostAddress = {
  /** True while the address is made from the title as it is typed. */
  followsTitle: boolean
  /** Sets the title, and while the address follows it, the address made from it. */
  setTitle(title: string): void
  /** Sets the address as typed: it no longer follows the title. */
  setSlug(slug: string): void
  /** "Make the address from the title": a new post's address then follows it again. */
  makeFromTitle(): void
  /** The address is settled (saved, or restored as it was typed or made): it stops following. */
  settle(): void
  /** The edits were dropped: a new post without an address follows its title again. */
  reset(): void
}

/**
 * The rule of a post's address in the editor: a new post's address is made from its title as it
 * is typed, kept unique among `takenSlugs`, until staff type one, or a save or a restore settles
 * it; a stored post keeps its address unless staff ask for one made from the title.
 *
 * @example
 * const address = usePostAddress({ edited, storedSlug: base.slug, isNew, takenSlugs, set })
 * <TextField label="Title" value={edited.title} onChange={address.setTitle} />
 */
export function usePostAddress({
  edited,
  storedSlug,
  isNew,
  takenSlugs,
  set,
}: {
  /** The post as edited. */
  edited: NewsPost
  /** The address of the post as the form started from ('' for a new post). */
  storedSlug: string
  isNew: boolean
  /** The addresses other posts use. */
  takenSlugs: readonly string[]
  /** Changes the edited post. */
  set(patch: Partial<NewsPost>): void
}): PostAddress {
  const [followsTitle, setFollowsTitle] = useState(isNew && storedSlug === '')
  const madeFrom = (title: string) => uniqueSlug(slugify(title), takenSlugs)
  return {
    followsTitle,
    setTitle: (title) => set(followsTitle ? { title, slug: madeFrom(title) } : { title }),
    setSlug: (slug) => {
      setFollowsTitle(false)
      set({ slug })
    },
    makeFromTitle: () => {
      setFollowsTitle(isNew)
      set({ slug: madeFrom(edited.title) })
    },
    settle: () => setFollowsTitle(false),
    reset: () => setFollowsTitle(isNew && storedSlug === ''),
  }
}
