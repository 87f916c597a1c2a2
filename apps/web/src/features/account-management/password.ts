import { USER_PASSWORD_PATTERN } from '@canopy/shared/validation'

// Letters and digits only (§5), without the look-alikes (I l 1, O o 0): the password is read
// out or typed from a note by the account holder.
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz'
const DIGITS = '23456789'
const ALPHABET = LETTERS + DIGITS

export const GENERATED_PASSWORD_LENGTH = 12

type RandomSource = (values: Uint32Array) => Uint32Array

const cryptoRandom: RandomSource = (values) => crypto.getRandomValues(values)

/** A uniformly chosen index below `n`, by rejection of the biased top of the range. */
function randomIndex(n: number, random: RandomSource): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n
  const value = new Uint32Array(1)
  do random(value)
  while (value[0]! >= limit)
  return value[0]! % n
}

/**
 * A password that satisfies the §5 rule (6-20 letters and digits), with a letter and a digit at
 * least, from the browser's cryptographic random source.
 */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH, random = cryptoRandom): string {
  if (length < 6 || length > 20) throw new RangeError('a password has 6 to 20 characters')
  for (;;) {
    let password = ''
    for (let i = 0; i < length; i++) password += ALPHABET[randomIndex(ALPHABET.length, random)]
    if (/[A-Za-z]/.test(password) && /\d/.test(password) && USER_PASSWORD_PATTERN.test(password)) {
      return password
    }
  }
}
