/**
 * Optimistic saves of rows kept one a device, several at once: those whose row was read are
 * updated, each only if its row is still as read; those that found none are inserted, each only
 * if there is still none. A statement for each kind at most (`update`, `insert`, each returning
 * the `device_id`s it wrote); whether each save took, in order. Each device appears once (a statement applies
 * only one row of a device): `inRounds` sees to it.
 */
/** A statement's rows written, by `returning device_id`. */
type Written = { rows: Array<{ device_id: number }> }

export async function optimisticSaves<Save>(
  saves: readonly Save[],
  deviceOf: (save: Save) => number,
  wasRead: (save: Save) => boolean,
  write: { update(read: Save[]): Promise<Written>; insert(fresh: Save[]): Promise<Written> },
): Promise<boolean[]> {
  const read = saves.filter(wasRead)
  const fresh = saves.filter((save) => !wasRead(save))
  const written = [
    ...(read.length > 0 ? (await write.update(read)).rows : []),
    ...(fresh.length > 0 ? (await write.insert(fresh)).rows : []),
  ]
  const saved = new Set(written.map((row) => row.device_id))
  return saves.map((save) => saved.has(deviceOf(save)))
}
