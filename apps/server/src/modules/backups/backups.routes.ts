import { ACTION_PERMISSIONS } from '@canopy/shared/batch-rules'
import { can } from '@canopy/shared/permissions'
import {
  backupCreateRequest,
  backupDiffRequest,
  backupKeepRequest,
  backupListRequest,
  backupNoteRequest,
  backupQuery,
  backupRestoreRequest,
  backupScheduleQuery,
  backupScheduleRequest,
  driftActionRequest,
  driftDevicesRequest,
} from '@canopy/shared/validation'
import { signedInRoute } from '../../http/route'
import type { BackupSchedules } from './backup-schedule'
import type { BackupsService } from './backups.service'
import type { ConfigDrift } from './config-drift'

/**
 * Configuration backup and restore (issue 14; §2 /maintain "config backup and restore"): backing
 * up, a device's versions, download, diff, restore, retention, a project's schedule, and drift.
 * Changes need the backup function (§6); reading needs the device in the caller's scope.
 */
export function backupsRoutes(deps: {
  backups: BackupsService
  schedules: BackupSchedules
  drift: ConfigDrift
}) {
  const { backups, schedules, drift } = deps
  const change = ACTION_PERMISSIONS.backup
  const view = can.device('view')
  return [
    signedInRoute({
      permission: change,
      method: 'POST',
      path: '/backend/backup/create',
      body: backupCreateRequest,
      handler: ({ principal, body }) => backups.create(principal, body),
    }),
    signedInRoute({
      permission: view,
      method: 'POST',
      path: '/backend/backup/list',
      body: backupListRequest,
      handler: ({ principal, body }) => backups.list(principal, body.id),
    }),
    signedInRoute({
      permission: view,
      method: 'GET',
      path: '/backend/backup/download',
      query: backupQuery,
      handler: ({ principal, query }) => backups.download(principal, query.id),
    }),
    signedInRoute({
      permission: view,
      method: 'POST',
      path: '/backend/backup/diff',
      body: backupDiffRequest,
      handler: ({ principal, body }) => backups.diff(principal, body.from, body.to),
    }),
    signedInRoute({
      permission: change,
      method: 'POST',
      path: '/backend/backup/note',
      body: backupNoteRequest,
      handler: async ({ principal, body }) => {
        await backups.setNote(principal, body.id, body.note)
        return {}
      },
    }),
    signedInRoute({
      permission: change,
      method: 'POST',
      path: '/backend/backup/delete',
      body: backupQuery,
      handler: async ({ principal, body }) => {
        await backups.remove(principal, body.id)
        return {}
      },
    }),
    signedInRoute({
      permission: change,
      method: 'POST',
      path: '/backend/backup/keep',
      body: backupKeepRequest,
      handler: async ({ principal, body }) => {
        await backups.setKeep(principal, body.id, body.keep)
        return {}
      },
    }),
    signedInRoute({
      permission: ACTION_PERMISSIONS.restore,
      method: 'POST',
      path: '/backend/backup/restore',
      body: backupRestoreRequest,
      handler: ({ principal, body }) => backups.restore(principal, body.backupId, body.ids),
    }),
    signedInRoute({
      permission: view,
      method: 'POST',
      path: '/backend/backup/schedule/info',
      body: backupScheduleQuery,
      handler: ({ principal, body }) => schedules.get(principal, body.gid),
    }),
    signedInRoute({
      permission: change,
      method: 'POST',
      path: '/backend/backup/schedule/save',
      body: backupScheduleRequest,
      handler: ({ principal, body }) => schedules.set(principal, body),
    }),
    signedInRoute({
      permission: view,
      method: 'POST',
      path: '/backend/backup/drift/info',
      body: driftActionRequest,
      handler: ({ principal, body }) => drift.state(principal, body.id),
    }),
    // The device list merges it: anyone who sees the devices sees whether they drifted.
    signedInRoute({
      permission: view,
      method: 'POST',
      path: '/backend/backup/drift/devices',
      body: driftDevicesRequest,
      handler: async ({ principal, body }) => {
        const visible = await drift.visibleDrift(principal, body.ids)
        return { list: [...visible].map(([id, drifted]) => ({ id, drifted })) }
      },
    }),
    signedInRoute({
      permission: can.device('edit'),
      method: 'POST',
      path: '/backend/backup/drift/accept',
      body: driftActionRequest,
      handler: async ({ principal, body }) => {
        await drift.accept(principal, body.id)
        return {}
      },
    }),
    signedInRoute({
      permission: can.device('edit'),
      method: 'POST',
      path: '/backend/backup/drift/putback',
      body: driftActionRequest,
      handler: ({ principal, body }) => drift.putBack(principal, body.id),
    }),
  ]
}
