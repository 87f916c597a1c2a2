import { subtreeIds } from '@canopy/shared/project-tree'
import type { TrafficRange } from '@canopy/shared/validation'
import type { Database } from '../../db/client'
import { deviceVisibility } from '../access/device-scope'
import type { Principal } from '../auth/principal'
import type { DevicesService } from '../devices/devices.service'
import { trafficRepository, type Window } from './traffic.repository'
import { HOUR_MS, trafficRollupRepository } from './traffic-rollup.repository'
import { deviceBuckets } from './traffic-series'
import { totalPoints } from './traffic-totals'
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
    const window = this.window(range)
    // The read goes with the scope check instead of after it (one wait on the embedded
    // database's session, not two); a refusal throws before anything read is answered.
    const [, points] = await Promise.all([
      this.deps.devices.requireDevices(principal, [id]),
      this.deviceSeries(id, window),
    ])
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
    const parts =
      projectIds.length === 0 && deviceIds.length === 0
        ? { intervals: [], clients: [], devices: [] }
        : await trafficRepository(this.deps.db).totalParts({
            tenantId: principal.account.tenantId,
            projectIds,
            deviceIds,
            window,
          })
    const points = totalPoints(parts, window).map((point) => ({ ...point, at: point.at.toISOString() }))
    return { ...describe(window), points }
  }

  /**
   * A window of whole-hour buckets (the week) reads the hourly rollup up to where it is filed and
   * the samples after; a finer one (the hour, the day: at most a few hundred samples) the samples.
   */
  private async deviceSeries(id: number, window: Window) {
    if ((window.bucketSeconds * 1000) % HOUR_MS === 0) {
      const { samples, ...rollup } = await trafficRollupRepository(this.deps.db).deviceHours(id, window)
      return deviceBuckets(samples, window, rollup)
    }
    return deviceBuckets(await trafficRepository(this.deps.db).deviceSamples(id, window), window)
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
