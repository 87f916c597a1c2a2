import { z } from 'zod'
import { integer, text } from './core'
import { id, idList, selection } from './organisation'
import { timeOfDay } from './text'

/**
 * Configuration backup and restore (issue 14; §2 "config backup and restore" under /maintain).
 * Every message is an i18n key.
 */

/** Backups kept per device unless its owner says otherwise ("keep the last N"). */
export const BACKUP_KEEP_DEFAULT = 20
export const BACKUP_KEEP_MAX = 100
/** A backup's note: §5 "text 1-50", optional. */
export const BACKUP_NOTE_MAX = 50

const note = text('validation.text50_tips').max(BACKUP_NOTE_MAX, { error: 'validation.text50_tips' })

/** Back up devices now: a selection, or every device of a project (`gid`, its sub-projects too). */
export const backupCreateRequest = z
  .object({ ids: selection.optional(), gid: id.optional(), note: note.optional() })
  .refine((request) => (request.ids === undefined) !== (request.gid === undefined), {
    error: 'validation.select_one',
    path: ['ids'],
  })
export type BackupCreateRequest = z.infer<typeof backupCreateRequest>

/** A device's backups (its versions), newest first. */
export const backupListRequest = z.object({ id })
/** One backup by its id (download, delete). */
export const backupQuery = z.object({ id })
export const backupNoteRequest = z.object({ id, note })
/** Two versions of one device side by side; without `to`, `from` against the device's desired settings. */
export const backupDiffRequest = z.object({ from: id, to: id.optional() })
/** Restore a backup to devices of its model: its own device or a replacement. */
export const backupRestoreRequest = z.object({ backupId: id, ids: selection })
export const backupKeepRequest = z.object({
  id,
  keep: integer(1, BACKUP_KEEP_MAX, 'validation.backup_keep_tips'),
})
/** A drifted device: accept what it runs as desired, or put back what Canopy set. */
export const driftActionRequest = z.object({ id })
/** Which of these devices drifted (the device list's column). */
export const driftDevicesRequest = z.object({ ids: idList })

export const BACKUP_FREQUENCIES = ['off', 'daily', 'weekly'] as const
export type BackupFrequency = (typeof BACKUP_FREQUENCIES)[number]

/** A project's scheduled backup: daily or weekly (0 = Sunday) at a time of day (the server's zone, UTC). */
export const backupScheduleRequest = z
  .object({
    gid: id,
    frequency: z.enum(BACKUP_FREQUENCIES, { error: 'validation.backup_frequency_tips' }),
    weekday: integer(0, 6, 'validation.backup_weekday_tips').optional(),
    time: timeOfDay,
  })
  .refine((request) => request.frequency !== 'weekly' || request.weekday !== undefined, {
    error: 'validation.backup_weekday_tips',
    path: ['weekday'],
  })
export type BackupScheduleRequest = z.infer<typeof backupScheduleRequest>
export const backupScheduleQuery = z.object({ gid: id })
