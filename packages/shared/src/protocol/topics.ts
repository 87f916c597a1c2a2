import { JOB_ID_PATTERN, NEXT_JOB_ID } from './jobs'
import { topicMatches } from './topic-filter'

/**
 * MQTT topics of the device protocol (docs/protocol.md). Shadow and Jobs topics are the AWS IoT
 * MQTT APIs verbatim; presence, telemetry, topology and RPC are ours, under `dt/canopy` and
 * `cmd/canopy`. Builders refuse a thing name that could widen a topic.
 */

/** A thing name: `cnp-` and the device MAC's 12 lower-case hex digits. */
export const THING_NAME_PATTERN = /^cnp-[0-9a-f]{12}$/

export function assertThingName(thing: string): string {
  if (!THING_NAME_PATTERN.test(thing)) throw new Error(`not a thing name: ${JSON.stringify(thing)}`)
  return thing
}

/** The thing name of a device, from its MAC (any case, colons or not). */
export function thingNameOf(mac: string): string {
  return assertThingName(`cnp-${mac.replace(/[:-]/g, '').toLowerCase()}`)
}

/** The MAC (upper case, colon-separated) a thing name stands for. */
export function macOfThing(thing: string): string {
  const hex = assertThingName(thing).slice(4).toUpperCase()
  return hex.match(/../g)!.join(':')
}

const shadow = (thing: string) => `$aws/things/${assertThingName(thing)}/shadow`
const jobs = (thing: string) => `$aws/things/${assertThingName(thing)}/jobs`

export const topics = {
  shadow: {
    get: (thing: string) => `${shadow(thing)}/get`,
    getAccepted: (thing: string) => `${shadow(thing)}/get/accepted`,
    getRejected: (thing: string) => `${shadow(thing)}/get/rejected`,
    update: (thing: string) => `${shadow(thing)}/update`,
    updateAccepted: (thing: string) => `${shadow(thing)}/update/accepted`,
    updateRejected: (thing: string) => `${shadow(thing)}/update/rejected`,
    updateDelta: (thing: string) => `${shadow(thing)}/update/delta`,
    updateDocuments: (thing: string) => `${shadow(thing)}/update/documents`,
    delete: (thing: string) => `${shadow(thing)}/delete`,
    deleteAccepted: (thing: string) => `${shadow(thing)}/delete/accepted`,
    deleteRejected: (thing: string) => `${shadow(thing)}/delete/rejected`,
  },
  jobs: {
    notify: (thing: string) => `${jobs(thing)}/notify`,
    notifyNext: (thing: string) => `${jobs(thing)}/notify-next`,
    get: (thing: string) => `${jobs(thing)}/get`,
    getAccepted: (thing: string) => `${jobs(thing)}/get/accepted`,
    getRejected: (thing: string) => `${jobs(thing)}/get/rejected`,
    startNext: (thing: string) => `${jobs(thing)}/start-next`,
    startNextAccepted: (thing: string) => `${jobs(thing)}/start-next/accepted`,
    startNextRejected: (thing: string) => `${jobs(thing)}/start-next/rejected`,
    update: (thing: string, jobId: string) => `${jobs(thing)}/${assertJobId(jobId)}/update`,
    updateAccepted: (thing: string, jobId: string) => `${jobs(thing)}/${assertJobId(jobId)}/update/accepted`,
    updateRejected: (thing: string, jobId: string) => `${jobs(thing)}/${assertJobId(jobId)}/update/rejected`,
    /** `{jobId}/get`, with `$next` for the next pending execution */
    describe: (thing: string, jobId: string) => `${jobs(thing)}/${assertJobId(jobId, true)}/get`,
    describeAccepted: (thing: string, jobId: string) =>
      `${jobs(thing)}/${assertJobId(jobId, true)}/get/accepted`,
    describeRejected: (thing: string, jobId: string) =>
      `${jobs(thing)}/${assertJobId(jobId, true)}/get/rejected`,
  },
  status: (thing: string) => `dt/canopy/${assertThingName(thing)}/status`,
  telemetry: (thing: string) => `dt/canopy/${assertThingName(thing)}/telemetry`,
  topology: (thing: string) => `dt/canopy/${assertThingName(thing)}/topology`,
  rpcRequest: (thing: string) => `cmd/canopy/${assertThingName(thing)}/req`,
  rpcResponse: (thing: string) => `cmd/canopy/${assertThingName(thing)}/res`,
} as const

/** Subscriptions of the cloud side (one per kind of message a device sends). */
export const cloudSubscriptions = {
  shadowRequests: ['$aws/things/+/shadow/get', '$aws/things/+/shadow/update', '$aws/things/+/shadow/delete'],
  jobRequests: [
    '$aws/things/+/jobs/get',
    '$aws/things/+/jobs/start-next',
    '$aws/things/+/jobs/+/update',
    '$aws/things/+/jobs/+/get',
  ],
  status: 'dt/canopy/+/status',
  telemetry: 'dt/canopy/+/telemetry',
  topology: 'dt/canopy/+/topology',
  rpcResponses: 'cmd/canopy/+/res',
} as const

function assertJobId(jobId: string, nextAllowed = false): string {
  if (!JOB_ID_PATTERN.test(jobId) && !(nextAllowed && jobId === NEXT_JOB_ID))
    throw new Error(`not a job id: ${JSON.stringify(jobId)}`)
  return jobId
}

/** The thing a topic belongs to (its third level, in `$aws/things/T/…` and `dt/canopy/T/…`). */
export function thingOfTopic(topic: string): string | undefined {
  const candidate = topic.split('/')[2]
  return candidate && THING_NAME_PATTERN.test(candidate) ? candidate : undefined
}

/** What a device may publish to: its own protocol topics (job ids as a `+` level). */
export function devicePublishTopics(thing: string): string[] {
  return [
    topics.shadow.get(thing),
    topics.shadow.update(thing),
    topics.shadow.delete(thing),
    topics.jobs.get(thing),
    topics.jobs.startNext(thing),
    `$aws/things/${assertThingName(thing)}/jobs/+/update`,
    `$aws/things/${assertThingName(thing)}/jobs/+/get`,
    topics.status(thing),
    topics.telemetry(thing),
    topics.topology(thing),
    topics.rpcResponse(thing),
  ]
}

/** What a device may subscribe to: filters within its own shadow, jobs and command topics. */
export function deviceSubscribeTopics(thing: string): string[] {
  return [
    `$aws/things/${assertThingName(thing)}/shadow/#`,
    `$aws/things/${assertThingName(thing)}/jobs/#`,
    topics.rpcRequest(thing),
  ]
}

/** The embedded broker's publish rule (docs/protocol.md, "Access control"). */
export function devicePublishAllowed(thing: string, topic: string): boolean {
  if (!THING_NAME_PATTERN.test(thing) || /[+#]/.test(topic)) return false
  return devicePublishTopics(thing).some((filter) => topicMatches(filter, topic))
}

/** The embedded broker's subscribe rule: a filter must lie within one the device owns. */
export function deviceSubscribeAllowed(thing: string, filter: string): boolean {
  if (!THING_NAME_PATTERN.test(thing)) return false
  return deviceSubscribeTopics(thing).some((own) =>
    own.endsWith('/#') ? filter.startsWith(own.slice(0, -1)) : filter === own,
  )
}
