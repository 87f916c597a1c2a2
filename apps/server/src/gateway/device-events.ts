import type { JobExecution, TelemetryMessage } from '@canopy/shared/protocol'
import type { ShadowDocument } from './shadow/shadow.service'

/** What devices do, as the gateway hears it: each event with its typed payload. */
export interface DeviceEventMap {
  /** the device announced itself online (its retained status) */
  online: { deviceId: number; thing: string }
  /** its status said offline (a clean shutdown, or its last will), or it fell silent too long */
  offline: { deviceId: number; reason: 'status' | 'silent' }
  /** an accepted shadow update, the device's or the cloud's, once it is stored */
  shadowUpdated: { deviceId: number; thing: string; document: ShadowDocument }
  /** a telemetry report taken for filing */
  telemetry: { deviceId: number; thing: string; at: Date; telemetry: TelemetryMessage }
  /** a job execution that changed, once the change is stored, with its job's operation (`upgrade`…) */
  jobExecutionUpdated: { deviceId: number; thing: string; operation: string; execution: JobExecution }
  /**
   * devices bound into a project or moved to another, once stored (the devices service emits it:
   * the cloud's act, not the device's, but what follows from it is the device's, e.g. a template)
   */
  placed: { tenantId: number; projectId: number; deviceIds: number[] }
  /**
   * a device's running configuration drifted from what Canopy last set, or came back in line
   * (accepted, put back, restored), once stored (the backups' ConfigDrift emits it on a change)
   */
  drift: { deviceId: number; drifted: boolean }
}
export type DeviceEventName = keyof DeviceEventMap
/** A listener may be asynchronous: a promise it returns is watched for failure. */
export type DeviceEventListener<E extends DeviceEventName> = (payload: DeviceEventMap[E]) => unknown

/**
 * The one place device events travel (like zigbee2mqtt's lib/eventBus.ts): gateway modules emit,
 * other modules subscribe, and nobody wires callbacks between services. Listeners run in the
 * order they subscribed; one that throws or rejects is reported through `onListenerError` (the
 * app's logger) and never keeps the event from the others, nor its emitter from going on.
 */
export class DeviceEvents {
  private readonly listeners: { [E in DeviceEventName]: Array<DeviceEventListener<E>> } = {
    online: [],
    offline: [],
    shadowUpdated: [],
    telemetry: [],
    jobExecutionUpdated: [],
    placed: [],
    drift: [],
  }
  /** listener failures, by event: for operators and tests */
  readonly failures: Record<DeviceEventName, number> = {
    online: 0,
    offline: 0,
    shadowUpdated: 0,
    telemetry: 0,
    jobExecutionUpdated: 0,
    placed: 0,
    drift: 0,
  }

  constructor(private readonly onListenerError: (event: DeviceEventName, error: unknown) => void) {}

  /** Subscribes; returns what unsubscribes. */
  on<E extends DeviceEventName>(event: E, listener: DeviceEventListener<E>): () => void {
    const listeners = this.listeners[event] as Array<DeviceEventListener<E>>
    listeners.push(listener)
    return () => {
      const at = listeners.indexOf(listener)
      if (at >= 0) listeners.splice(at, 1)
    }
  }

  /** Tells every listener; returns at once (an asynchronous listener's work goes on by itself). */
  emit<E extends DeviceEventName>(event: E, payload: DeviceEventMap[E]): void {
    void this.emitSettled(event, payload)
  }

  /**
   * Tells every listener, as `emit`, and resolves once their work is done (never rejects: a
   * failure is reported as with `emit`). For an emitter whose own work is bounded (a device
   * message in its admission slot): what the event makes listeners do is bounded with it.
   */
  async emitSettled<E extends DeviceEventName>(event: E, payload: DeviceEventMap[E]): Promise<void> {
    const running: Array<Promise<unknown>> = []
    for (const listener of [...(this.listeners[event] as Array<DeviceEventListener<E>>)]) {
      try {
        const result = listener(payload)
        if (result instanceof Promise)
          running.push(result.catch((error: unknown) => this.failed(event, error)))
      } catch (error) {
        this.failed(event, error)
      }
    }
    await Promise.all(running)
  }

  private failed(event: DeviceEventName, error: unknown): void {
    this.failures[event]++
    this.onListenerError(event, error)
  }
}
