import { z } from 'zod'
import { text } from './core'
import { id, page, selection } from './organisation'
import { systemSettings, wifiSettings } from './settings'
import { title } from './text'

/**
 * Configuration templates (issue 14; §2 /maintain/tpl, §3 "Config template: name, creating
 * account", §4 config application). A template's settings are the device settings' own sections
 * (system: mode, LED, timed reboot, WiFi timed off; WiFi: radios and virtual APs) with the same
 * §5 rules; its name is a §5 title. Every message is an i18n key.
 */

/** §4 config application: how a device got its template (none: "not applied"). */
export const TEMPLATE_MODES = ['manual', 'automatic'] as const
export type TemplateMode = (typeof TEMPLATE_MODES)[number]
/** The sections a template can set, in the order they are applied. */
export const TEMPLATE_SECTIONS = ['system', 'wifi'] as const
export type TemplateSection = (typeof TEMPLATE_SECTIONS)[number]

const hasSetting = (section: object | undefined) =>
  section !== undefined && Object.values(section).some((value) => value !== undefined)

/** What a template sets: at least one setting of one section. */
export const templateSettings = z
  .object({ system: systemSettings.optional(), wifi: wifiSettings.optional() })
  .refine((value) => hasSetting(value.system) || hasSetting(value.wifi), {
    error: 'validation.template_empty',
  })
export type TemplateSettings = z.infer<typeof templateSettings>

export const templateName = title

export const templateListRequest = z.object({
  ...page,
  /** part of the name */
  keyword: text().max(25).optional(),
})
export const templateQuery = z.object({ id })
export const templateCreateRequest = z.object({ name: templateName, settings: templateSettings })
/** A template made from a device's current configuration (what it reports). */
export const templateFromDeviceRequest = z.object({ name: templateName, deviceId: id })
/** An edit: a WiFi password left out keeps the template's (secrets never come back to the console). */
export const templateSaveRequest = z.object({ id, name: templateName, settings: templateSettings })
export const templateCopyRequest = z.object({ id, name: templateName })
export const templateDeleteRequest = z.object({ id })

/** §7 tpl/set: apply a template to devices now (manual), under the batch rules. */
export const templateSetRequest = z.object({ tplId: id, ids: selection })
/**
 * §7 child/tpl/set: a template for a project's devices (the project and its sub-projects):
 * `manual` applies it now under the batch rules; `automatic` also gives it to every device bound
 * or moved into the project later, and rolls out its edits; `tplId` null ends the automatic one.
 */
export const projectTemplateSetRequest = z.object({
  tplId: id.nullable(),
  gid: id,
  mode: z.enum(TEMPLATE_MODES, { error: 'validation.invalid_choice' }),
})
export type ProjectTemplateSetRequest = z.infer<typeof projectTemplateSetRequest>
