import { subtreeIds } from '@canopy/shared/project-tree'
import type { TrafficRange } from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import { deviceVisibility } from '../access/device-scope'
import type { Principal } from '../auth/principal'
import type { DevicesService } from '../devices/devices.service'
import { trafficRepository, type Window } from './traffic.repository'
import { bucketStarts, deviceBuckets } from './traffic-series'
import { trafficWindow } from './traffic-window'

/** Throughput (bytes a second) and clients over time, within the caller's scope (issue 12). */
export class TrafficService {
  constructor(
    private readonly deps: {
      db: Database
      devices: DevicesService
      /** TELEMETRY_SAMPLE_SECONDS: the finest the history is */
      sampleSeconds: number
    },
  ) {}

  /** One device's WAN and per-band throughput and its clients (the detail's traffic tab). */
  async device(principal: Principal, id: number, range: TrafficRange) {
    await this.deps.devices.requireDevices(principal, [id])
    const window = this.window(range)
    const samples = await trafficRepository(this.deps.db).deviceSamples(id, window)
    const points = deviceBuckets(samples, window)
    return { ...describe(window), points: points.map((point) => ({ ...point, at: point.at.toISOString() })) }
  }

  /**
   * WAN throughput and online clients over what the caller sees — the same visibility as the
   * statistics, the list and the clients chart: its projects' sums and the devices its roles
   * grant one by one. A project filter narrows to that subtree, as the list's filter does.
   */
  async total(principal: Principal, range: TrafficRange, gid: number | undefined) {
    const scope = await this.deps.devices.scope(principal)
    const visibility = deviceVisibility(principal, scope)
    const projectIds = gid
      ? [...subtreeIds(scope.projects, [scope.require(gid).id])].filter((id) => scope.has(id))
      : [...scope.visible]
    // Devices granted one by one lie outside every visible project, so in no filtered subtree.
    const deviceIds = gid === undefined && visibility.kind === 'scoped' ? visibility.deviceIds : []
    const window = this.window(range)
    const measured =
      projectIds.length === 0 && deviceIds.length === 0
        ? []
        : await trafficRepository(this.deps.db).totalSeries({
            tenantId: principal.account.tenantId,
            projectIds,
            deviceIds,
            window,
          })
    // Every bucket of the window, null where nothing was measured: the chart draws no line across.
    const byStart = new Map(measured.map((point) => [point.at.getTime(), point]))
    const points = bucketStarts(window).map((start) => {
      const point = byStart.get(start)
      return {
        at: new Date(start).toISOString(),
        rx: point?.rx ?? null,
        tx: point?.tx ?? null,
        clients: point?.clients ?? null,
      }
    })
    return { ...describe(window), points }
  }

  private window(range: TrafficRange): Window {
    return trafficWindow(range, this.deps.sampleSeconds, new Date())
  }
}

/** The window as the chart draws its axis: from, to and the bucket length. */
function describe(window: Window) {
  return {
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    bucket_seconds: window.bucketSeconds,
  }
}
