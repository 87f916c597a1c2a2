/** A step that did not finish in the time it was given. */
export class StepTimedOut extends Error {}

/** Waits for `work` at most `ms`; past that it rejects with StepTimedOut (the work itself runs on). */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StepTimedOut(`${what} did not finish within ${ms} ms`)), ms)
    timer.unref()
  })
  try {
    return await Promise.race([work, timeout])
  } finally {
    clearTimeout(timer)
  }
}

export interface ShutdownStep {
  name: string
  /** the most this step may take */
  ms: number
  run(): Promise<unknown> | unknown
}

/**
 * Runs the steps of a shutdown in order, each within its time: a dependency that is gone (a
 * broker, a database) cannot hold the others, and each step that fails or overruns is reported,
 * never thrown, so every later step still runs.
 */
export async function shutDownInSteps(
  steps: readonly ShutdownStep[],
  report: (step: string, error: unknown) => void,
): Promise<void> {
  for (const step of steps) {
    try {
      await within(step.ms, step.name, Promise.resolve().then(step.run))
    } catch (error) {
      report(step.name, error)
    }
  }
}
