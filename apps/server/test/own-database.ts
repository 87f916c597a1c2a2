import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** Runs one statement on the PostgreSQL server at `serverUrl` (create or drop a database). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/**
 * A fresh, empty database on the PostgreSQL server at `serverUrl`, named
 * `<prefix>_<pid>_<time>_<random>` so runs side by side, and two made in the same millisecond, do
 * not meet; `drop` removes it even with connections left open.
 */
export async function databaseOfItsOwn(
  serverUrl: string,
  prefix: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}_${randomBytes(3).toString('hex')}`
  await adminQuery(serverUrl, `create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  }
}
