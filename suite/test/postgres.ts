// A throw-away PostgreSQL database per test file, on the server of TEST_DATABASE_URL.
import postgres from 'postgres'
import { openDatabase, type Database } from '../db/client'

/** The database, open, with its address (for member-API processes started on it). */
export async function createTestDatabase(
  options: {
    maxConnections?: number
    onQuery?: (query: string, params: unknown[]) => void
    /** The port of a streaming replica of the server (scripts/lib/pg-replica.mjs): the database's reads that may lag go there. */
    replicaPort?: number
    /** Seconds a connection to the replica may take before a read goes to the primary instead (2). */
    replicaConnectTimeoutSeconds?: number
    /** The statement time limits of the calls' and the long work's connections (db/statement-limits.ts). */
    statementTimeoutMs?: number
    longStatementTimeoutMs?: number
  } = {},
): Promise<Database & { url: string }> {
  const base = process.env.TEST_DATABASE_URL
  if (!base) throw new Error('TEST_DATABASE_URL is not set')
  const name = `suite_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`
  const admin = postgres(base, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database ${name}`)
  await admin.end()
  const url = new URL(base)
  url.pathname = `/${name}`
  const replicaUrl = options.replicaPort ? Object.assign(new URL(url), { port: String(options.replicaPort) }).toString() : undefined
  const database = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    maxConnections: options.maxConnections ?? 20,
    ...(options.onQuery && { onQuery: options.onQuery }),
    ...(replicaUrl && { replicaUrl }),
    ...(options.replicaConnectTimeoutSeconds && { replicaConnectTimeoutSeconds: options.replicaConnectTimeoutSeconds }),
    ...(options.statementTimeoutMs && { statementTimeoutMs: options.statementTimeoutMs }),
    ...(options.longStatementTimeoutMs && { longStatementTimeoutMs: options.longStatementTimeoutMs }),
  })
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close()
      const cleanup = postgres(base, { max: 1, onnotice: () => {} })
      await cleanup.unsafe(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}
