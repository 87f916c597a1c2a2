import { createHash } from 'node:crypto'
import { backupJobDocument, isJsonObject, type JsonObject, restoreJobDocument } from '@canopy/shared/protocol'
import { backOffMs } from './back-off'
import { JobFailure, type JobHandler } from './jobs-client'

/** The device side of backup and restore: its running configuration, and applying one whole. */
export interface ConfigDevice {
  model: string
  /** the running configuration, secrets in clear (what a real device's config file holds) */
  runningConfiguration(): JsonObject
  /** replaces the running configuration with a restored one and reports it (shadow) */
  applyConfiguration(config: JsonObject): Promise<void>
  log(line: string): void
}

/** A document the device cannot read: REJECTED, with the first problem. */
function refuse(issue: { path: PropertyKey[]; message: string } | undefined): never {
  throw new JobFailure(
    {
      reason: 'refused',
      message: `invalid document: ${issue?.path.join('.')} ${issue?.message}`.slice(0, 1024),
    },
    'REJECTED',
  )
}

/** How often an exchange the cloud's restart or overload cut short is tried again. */
const TRANSIENT_RETRIES = 6

/**
 * A fetch that rides out the cloud being briefly away — a network error, or a 5xx (restarting,
 * overloaded) — by trying again after 1, 2, 4… 32 s (back-off.ts); anything else is the answer.
 * The last failure, or the job's interruption, ends it.
 */
export async function fetchRidingOutOutages(
  url: string,
  init: RequestInit & { signal: AbortSignal },
  retry = { times: TRANSIENT_RETRIES, firstDelayMs: 1000 },
): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const answer = await fetch(url, init).catch((error: Error) => error)
    if (answer instanceof Response && answer.status < 500) return answer
    if (attempt > retry.times || init.signal.aborted) {
      if (answer instanceof Response) return answer
      throw answer
    }
    await new Promise((resolve) => setTimeout(resolve, backOffMs(attempt, retry.firstDelayMs)))
  }
}

/**
 * `config-backup` as firmware runs it (docs/protocol.md, "Configuration backup and restore"):
 * PUTs its running configuration to the signed link in the document (again while the cloud is
 * away), and succeeds once the cloud took it (201), with the size it sent.
 */
export function backupHandler(device: ConfigDevice): JobHandler {
  return async (document, report, { signal }) => {
    const parsed = backupJobDocument.safeParse(document)
    if (!parsed.success) refuse(parsed.error.issues[0])
    const { upload } = parsed.data
    const body = Buffer.from(JSON.stringify(device.runningConfiguration()))
    if (body.length > upload.maxBytes)
      throw new JobFailure({ reason: 'upload_failed', message: `configuration is ${body.length} bytes` })
    await report({ phase: 'uploading' })
    const answer = await fetchRidingOutOutages(upload.url, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'application/json' },
      signal,
    }).catch((error: Error) => {
      throw new JobFailure({ reason: 'upload_failed', message: error.message.slice(0, 1024) })
    })
    // 409: the cloud already has this run's backup (a retry after a lost answer): done all the same.
    if (answer.status !== 201 && answer.status !== 409)
      throw new JobFailure({ reason: 'upload_failed', message: `HTTP ${answer.status}` })
    device.log(`configuration backed up (${body.length} bytes)`)
    return { phase: 'done', size: String(body.length) }
  }
}

/**
 * `config-restore` as firmware runs it: refuses another model's configuration, downloads the
 * one the document names, checks its size and sha256, applies it whole and reports it before
 * succeeding (so the cloud sees what runs before it hears of success).
 */
export function restoreHandler(device: ConfigDevice): JobHandler {
  return async (document, report, { signal }) => {
    const parsed = restoreJobDocument.safeParse(document)
    if (!parsed.success) refuse(parsed.error.issues[0])
    const { config } = parsed.data
    if (config.model !== device.model)
      throw new JobFailure(
        { reason: 'model_mismatch', message: `this is a ${device.model}, not a ${config.model}` },
        'REJECTED',
      )
    await report({ phase: 'downloading' })
    const answer = await fetchRidingOutOutages(config.url, { signal }).catch((error: Error) => {
      throw new JobFailure({ reason: 'download_failed', message: error.message.slice(0, 1024) })
    })
    if (!answer.ok) throw new JobFailure({ reason: 'download_failed', message: `HTTP ${answer.status}` })
    const body = Buffer.from(await answer.arrayBuffer())
    const sha256 = createHash('sha256').update(body).digest('hex')
    if (body.length !== config.size || sha256 !== config.sha256)
      throw new JobFailure({
        reason: 'checksum_mismatch',
        message: `got ${body.length} bytes, sha256 ${sha256}`,
      })
    const restored: unknown = JSON.parse(body.toString('utf8'))
    if (!isJsonObject(restored))
      throw new JobFailure({ reason: 'apply_failed', message: 'not a configuration' })
    await report({ phase: 'applying' })
    await device.applyConfiguration(restored)
    device.log('configuration restored')
    return { phase: 'done' }
  }
}
