/**
 * Writes that arrive together go to the database together: each `write(item)` waits for the
 * group it joined, and a group is written in one statement (`writeGroup`) once the event loop has
 * handed out what is ready (setImmediate), at most `max` items a group. Under load a thousand
 * guests' session rows are a few statements a second instead of a thousand; alone, an item waits
 * for nothing but the current turn of the loop.
 *
 * When a group's statement fails, its items are written one by one (groups of one), so one bad
 * item (say, its device deleted meanwhile) fails only its own caller.
 */
export function groupedWrites<Item, Result>(
  writeGroup: (items: Item[]) => Promise<Result[]>,
  options: { max: number },
): (item: Item) => Promise<Result> {
  let waiting: Array<{ item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }> = []
  let scheduled = false

  const writeEach = (group: typeof waiting) =>
    Promise.all(
      group.map(async (entry) => {
        try {
          const [result] = await writeGroup([entry.item])
          entry.resolve(result as Result)
        } catch (error) {
          entry.reject(error)
        }
      }),
    )

  const flush = () => {
    scheduled = false
    while (waiting.length > 0) {
      const group = waiting.slice(0, options.max)
      waiting = waiting.slice(options.max)
      void writeGroup(group.map((entry) => entry.item)).then(
        (results) => {
          for (const [index, entry] of group.entries()) entry.resolve(results[index] as Result)
        },
        (error: unknown) => {
          if (group.length === 1) group[0]!.reject(error)
          else void writeEach(group)
        },
      )
    }
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject })
      if (!scheduled) {
        scheduled = true
        setImmediate(flush)
      }
    })
}
