/**
 * IMPORTANT: the content catalog with the schemas loaded eagerly, for Node (prerendering,
 * scripts, tests). Browsers use the lazy one that `obtainContentStore` builds.
 */
export { entitiesCatalog } from '../content/entities-catalog.ts'
