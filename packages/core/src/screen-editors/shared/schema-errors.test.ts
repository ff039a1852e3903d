import { z } from 'zod'
import { describe, expect, it } from 'vitest'

import { pathKey, schemaError, schemaErrors } from './schema-errors.ts'

const schema = z.object({
  title: z.string().max(3, { message: 'Keep the title short.' }),
  items: z.array(z.string().max(2, { message: 'Keep each item short.' })).max(2, {
    message: 'Two items at most.',
  }),
  slug: z
    .string()
    .max(4, { message: 'Keep the slug short.' })
    .refine((value) => /^[a-z]*$/.test(value), { message: 'Lower case only.' }),
})

describe('schemaErrors', () => {
  it('should give nothing for a value the schema accepts', () => {
    expect(schemaErrors(schema, { title: 'abc', items: ['ab'], slug: 'ab' })).toEqual({})
  })

  it('should give the schema’s own words by path, the first problem of each path', () => {
    expect([
      schemaErrors(schema, { title: 'abcd', items: ['a', 'abc'], slug: 'ABCDE' }),
      schemaErrors(schema, { title: 'abc', items: ['a', 'b', 'c'], slug: 'ab' }),
    ]).toEqual([
      {
        title: 'Keep the title short.',
        'items.1': 'Keep each item short.',
        slug: 'Keep the slug short.',
      },
      { items: 'Two items at most.' },
    ])
  })

  it('should keep only the kinds of problem asked for', () => {
    const value = { title: 'abc', items: [], slug: 'AB' }
    expect([
      schemaErrors(schema, value).slug,
      schemaErrors(schema, value, { only: ['too_big'] }).slug,
    ]).toEqual(['Lower case only.', undefined])
  })
})

describe('schemaError', () => {
  it('should give what a one-field schema says of the value itself, not of its parts', () => {
    const items = schema.shape.items
    expect([
      schemaError(items, ['abc']),
      schemaError(items, ['a', 'b', 'c']),
      schemaError(items, ['a']),
    ]).toEqual([undefined, 'Two items at most.', undefined])
  })

  it('should name paths with dots', () => {
    expect(pathKey('content', 3, 'text')).toBe('content.3.text')
  })
})
