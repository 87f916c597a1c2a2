/** "Remember account": the last account name (or phone) used to log in, kept in localStorage. */
export interface RememberedAccount {
  login_type: 'account' | 'phone'
  username: string
  country_code?: string | undefined
}

const KEY = 'canopy.rememberedAccount'

export function readRememberedAccount(storage: Storage = window.localStorage): RememberedAccount | undefined {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEY) ?? 'null')
    if (typeof value !== 'object' || value === null) return undefined
    const { login_type, username, country_code } = value as Partial<RememberedAccount>
    if ((login_type !== 'account' && login_type !== 'phone') || typeof username !== 'string') return undefined
    return { login_type, username, country_code: typeof country_code === 'string' ? country_code : undefined }
  } catch {
    return undefined
  }
}

export function rememberAccount(
  account: RememberedAccount | undefined,
  storage: Storage = window.localStorage,
) {
  if (account) storage.setItem(KEY, JSON.stringify(account))
  else storage.removeItem(KEY)
}
