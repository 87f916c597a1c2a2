import { ErrorCode, type ErrorCodeValue } from '@canopy/shared/errors'
import type { Executor } from '../../db/client'
import { violatedUniqueConstraint } from '../../db/errors'
import { AppError } from '../../http/app-error'
import { isKnownCallingCode } from '../countries/calling-codes'
import { accountsRepository } from './accounts.repository'

export interface Identity {
  username?: string
  email?: string | undefined
  countryCode?: string | undefined
  phone?: string | undefined
}

/**
 * Refuses, with every reason at once, identifiers another account holds (account name, e-mail,
 * phone with its country code: §5 uniqueness) and a country code nobody uses.
 */
export async function refuseTakenIdentifiers(db: Executor, identity: Identity, exceptAccountId?: number) {
  const codes: ErrorCodeValue[] = []
  if (identity.countryCode && !isKnownCallingCode(identity.countryCode))
    codes.push(ErrorCode.COUNTRY_CODE_INVALID)
  const taken = await accountsRepository(db).takenIdentifiers(identity, exceptAccountId)
  if (taken.username) codes.push(ErrorCode.ACCOUNT_EXISTS)
  if (taken.email) codes.push(ErrorCode.EMAIL_TAKEN)
  if (taken.phone) codes.push(ErrorCode.PHONE_TAKEN)
  if (codes.length > 0) throw new AppError(codes)
}

/** Which §8 code a broken unique constraint of the accounts table stands for. */
const CONFLICT_CODES: Record<string, ErrorCodeValue> = {
  accounts_username_key: ErrorCode.ACCOUNT_EXISTS,
  accounts_email_key: ErrorCode.EMAIL_TAKEN,
  accounts_phone_key: ErrorCode.PHONE_TAKEN,
}

/** A concurrent writer can still win the race after the checks: its constraint names the code. */
export async function writeUniqueAccount<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    const constraint = violatedUniqueConstraint(error)
    const code = constraint ? CONFLICT_CODES[constraint] : undefined
    if (code) throw new AppError(code)
    throw error
  }
}
