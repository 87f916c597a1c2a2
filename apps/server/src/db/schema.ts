/**
 * Every table, for drizzle-kit and for queries that span areas. Each module keeps its own tables
 * in `<area>.schema.ts`; this file only gathers them.
 */

export * from '../gateway/jobs/jobs.schema'
export * from '../gateway/shadow/shadow.schema'
export * from '../modules/accounts/accounts.schema'
export * from '../modules/alarms/alarms.schema'
export * from '../modules/auth/auth.schema'
export * from '../modules/backups/backups.schema'
export * from '../modules/devices/devices.schema'
export * from '../modules/firmware/firmware.schema'
export * from '../modules/messages/messages.schema'
export * from '../modules/operations/operations.schema'
export * from '../modules/portal/device-portal.schema'
export * from '../modules/portal/guest-sessions.schema'
export * from '../modules/portal/methods.schema'
export * from '../modules/portal/opennds-auth-queue.schema'
export * from '../modules/portal/portal.schema'
export * from '../modules/projects/projects.schema'
export * from '../modules/roles/roles.schema'
export * from '../modules/settings/settings.schema'
export * from '../modules/templates/templates.schema'
export * from '../modules/traffic/traffic.schema'
export * from '../modules/upgrades/upgrades.schema'
export * from '../modules/wechat/wechat.schema'
export * from './system.schema'
