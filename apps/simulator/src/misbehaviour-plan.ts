import { isMisbehaviour, MISBEHAVIOURS, type MisbehaviourMode } from './misbehaviour'
import type { VirtualDevice } from './virtual-device'

/** `--misbehave cpu-spike,go-offline`: the modes, or an error naming the ones it knows. */
export function parseMisbehaviours(text: string): MisbehaviourMode[] {
  const modes = text
    .split(',')
    .map((mode) => mode.trim())
    .filter(Boolean)
  const unknown = modes.filter((mode) => !isMisbehaviour(mode))
  if (unknown.length > 0)
    throw new Error(`unknown misbehaviour ${unknown.join(', ')}: choose from ${MISBEHAVIOURS.join(', ')}`)
  return modes as MisbehaviourMode[]
}

/**
 * The CLI's plan: `devices` misbehave in `modes` from `afterMs` on for `forMs`, then recover, so
 * an alarm with its interval can be watched firing and then recovering. Returns what cancels it.
 */
export function planMisbehaviour(
  devices: VirtualDevice[],
  modes: MisbehaviourMode[],
  { afterMs, forMs }: { afterMs: number; forMs: number },
  report: (line: string) => void,
): () => void {
  const all = (on: boolean) =>
    Promise.all(devices.flatMap((device) => modes.map((mode) => device.misbehave(mode, on)))).then(
      () => report(`${devices.length} device(s) ${on ? 'misbehave' : 'behave again'}: ${modes.join(', ')}`),
      (error: Error) => report(`misbehaviour ${on ? 'start' : 'end'} failed: ${error.message}`),
    )
  const start = setTimeout(() => void all(true), afterMs)
  const end = setTimeout(() => void all(false), afterMs + forMs)
  return () => {
    clearTimeout(start)
    clearTimeout(end)
  }
}
