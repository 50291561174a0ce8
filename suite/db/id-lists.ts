import { sql, type AnyColumn, type SQL } from 'drizzle-orm'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Ids as one parameter, an array of uuids: a statement reads the same however many ids it is given,
 * so a connection prepares it once and PostgreSQL keeps one plan, where `in ($1, …, $n)` makes a
 * statement per list length and a parameter each to build and send. Anything but a uuid is refused
 * (the array's text is built here).
 */
export function uuidList(ids: readonly string[]): SQL {
  return sql`${uuidArrayText(ids)}::uuid[]`
}

/** The text of a uuid array (`{id,id}`), each id checked to be a uuid: the value for inIdList's placeholder. */
export function uuidArrayText(ids: readonly string[]): string {
  for (const id of ids) if (!UUID.test(id)) throw new Error(`Not a uuid: ${JSON.stringify(id)}`)
  return `{${ids.join(',')}}`
}

/** In a prepared statement: `column` is one of the ids given to placeholder `name` as uuidArrayText. */
export function inIdList(column: AnyColumn | SQL.Aliased | SQL, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::uuid[])`
}

/** `column` is one of `ids` (one parameter, as uuidList). */
export function inIds(column: AnyColumn | SQL.Aliased | SQL, ids: readonly string[]): SQL {
  return sql`${column} = any(${uuidList(ids)})`
}
