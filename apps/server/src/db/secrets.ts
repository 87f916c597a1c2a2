import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Executor } from './client'
import { systemSecrets } from './schema'

/**
 * A secret every server instance shares, generated once: the first instance to start writes it,
 * the others read what won.
 */
export async function sharedSecret(db: Executor, name: string): Promise<string> {
  await db
    .insert(systemSecrets)
    .values({ name, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select().from(systemSecrets).where(eq(systemSecrets.name, name))
  return row!.value
}
