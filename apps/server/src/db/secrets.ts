import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
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

/**
 * Encrypts values kept at rest (device secrets in configuration backups) with AES-256-GCM under
 * a key every instance shares ({@link sharedSecret}): a dump of the tables shows none of them.
 * A sealed value is the 12-byte nonce, the 16-byte tag and the ciphertext.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static async open(db: Executor, name: string): Promise<SecretBox> {
    return new SecretBox(
      createHash('sha256')
        .update(await sharedSecret(db, name))
        .digest(),
    )
  }

  seal(plain: string): Buffer {
    const nonce = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce)
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return Buffer.concat([nonce, cipher.getAuthTag(), body])
  }

  /** The plain text; throws when the value was not sealed with this key or was altered. */
  unseal(sealed: Buffer): string {
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, 12))
    decipher.setAuthTag(sealed.subarray(12, 28))
    return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString('utf8')
  }
}
