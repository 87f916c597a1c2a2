import { useMemo, useState } from 'react'

/** The device list's columns a user may show or hide (the row actions always show). */
export const DEVICE_COLUMN_KEYS = [
  'status',
  'name',
  'mac',
  'ip',
  'model',
  'firmware',
  'uptime',
  'cpu',
  'memory',
  'clients',
  'accessTime',
  'project',
  'template',
] as const
export type DeviceColumnKey = (typeof DEVICE_COLUMN_KEYS)[number]

/**
 * What a new user sees: the columns that tell devices apart and show trouble, which fit a
 * 1366 px screen in every language (the e2e suite holds them to 1440 px without a scroll bar).
 */
export const DEFAULT_DEVICE_COLUMNS: readonly DeviceColumnKey[] = [
  'status',
  'name',
  'mac',
  'ip',
  'model',
  'clients',
  'accessTime',
  'project',
]

/** One entry per account (its uid): two accounts in one browser each keep their own columns. */
export const columnsStorageKey = (uid: number) => `canopy.deviceColumns.${uid}`

/** The stored choice, in the list's order; the defaults when there is none or it is unreadable. */
export function readDeviceColumns(storage: Storage, uid: number): DeviceColumnKey[] {
  const stored = storage.getItem(columnsStorageKey(uid))
  if (stored === null) return [...DEFAULT_DEVICE_COLUMNS]
  let parsed: unknown
  try {
    parsed = JSON.parse(stored)
  } catch (error) {
    console.warn('device list: the stored columns are not JSON; showing the defaults', error)
    return [...DEFAULT_DEVICE_COLUMNS]
  }
  const chosen = Array.isArray(parsed) ? new Set(parsed) : new Set()
  const known = DEVICE_COLUMN_KEYS.filter((key) => chosen.has(key))
  return known.length > 0 ? known : [...DEFAULT_DEVICE_COLUMNS]
}

export function saveDeviceColumns(storage: Storage, uid: number, keys: readonly DeviceColumnKey[]): void {
  try {
    storage.setItem(columnsStorageKey(uid), JSON.stringify(keys))
  } catch (error) {
    // A full or refused storage: the choice holds until the page is left.
    console.warn('device list: the columns could not be stored', error)
  }
}

/**
 * The columns the signed-in user shows (`uid` undefined while the user loads: the defaults),
 * a way to choose others, and a way back to the defaults.
 */
export function useDeviceColumns(uid: number | undefined) {
  const [chosen, setChosen] = useState<{ uid: number | undefined; keys: DeviceColumnKey[] }>()
  const stored = useMemo(
    () => (uid === undefined ? [...DEFAULT_DEVICE_COLUMNS] : readDeviceColumns(window.localStorage, uid)),
    [uid],
  )
  function choose(keys: readonly DeviceColumnKey[]) {
    const ordered = DEVICE_COLUMN_KEYS.filter((key) => keys.includes(key))
    if (uid !== undefined) saveDeviceColumns(window.localStorage, uid, ordered)
    setChosen({ uid, keys: ordered })
  }
  return {
    columns: chosen && chosen.uid === uid ? chosen.keys : stored,
    choose,
    reset: () => choose(DEFAULT_DEVICE_COLUMNS),
  }
}
