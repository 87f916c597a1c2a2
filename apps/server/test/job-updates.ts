import type { DeviceEventMap } from '../src/gateway/device-events'

type JobExecutionUpdate = DeviceEventMap['jobExecutionUpdated']

/**
 * A job's executions as the cloud stored them, in order of their version. Each change is told
 * after its commit, so a device quick with its next update can be told first.
 */
export const storedExecutions = (updates: JobExecutionUpdate[], jobId: string) =>
  updates
    .filter((update) => update.execution.jobId === jobId)
    .sort((a, b) => a.execution.versionNumber - b.execution.versionNumber)
    .map((update) => update.execution)
