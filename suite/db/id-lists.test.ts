import { describe, expect, it } from 'vitest'
import { PgDialect } from 'drizzle-orm/pg-core'
import { members } from './schema'
import { inIds, uuidList } from './id-lists'

const dialect = new PgDialect()

describe('id lists', () => {
  it('are one parameter whatever their length, so the statement reads the same', () => {
    const one = dialect.sqlToQuery(inIds(members.id, ['5f0c6b7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f']))
    const three = dialect.sqlToQuery(
      inIds(members.id, ['5f0c6b7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f', '6f0c6b7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f', '7f0c6b7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f']),
    )
    expect(one.sql).toBe(three.sql)
    expect(three.params).toEqual(['{5f0c6b7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f,6f0c6b7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f,7f0c6b7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f}'])
    expect(dialect.sqlToQuery(inIds(members.id, [])).params).toEqual(['{}'])
  })

  it('refuse anything but a uuid, which could change the array', () => {
    expect(() => uuidList(['5f0c6b7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f', 'x},{'])).toThrow(/Not a uuid/)
  })
})
