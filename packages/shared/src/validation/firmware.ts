import { z } from 'zod'
import { idOf, requiredText } from './core'
import { page } from './organisation'

// Firmware packages (§3, §8 "Upgrade and files"): the upload form's fields and the package API.

/** Extensions a file without a Canopy image header may have (its model and version then come from the form). */
export const FIRMWARE_EXTENSIONS = ['.bin', '.img', '.trx'] as const
export const FIRMWARE_MODEL_MAX = 64
export const FIRMWARE_VERSION_MAX = 64
export const FIRMWARE_FILENAME_MAX = 255

/** A product model as the catalogue names it. */
export const firmwareModel = requiredText('validation.firmware_model_tips').max(FIRMWARE_MODEL_MAX, {
  error: 'validation.firmware_model_tips',
})
/** A version: letters, digits and . _ + - (e.g. 2.1.0, v1.4-rc1), starting with a letter or digit. */
export const firmwareVersion = requiredText('validation.firmware_version_tips').regex(
  new RegExp(`^[A-Za-z0-9][A-Za-z0-9._+-]{0,${FIRMWARE_VERSION_MAX - 1}}$`),
  { error: 'validation.firmware_version_tips' },
)

/** Whether a file's name ends with an extension a header-less image may have (case does not matter). */
export function hasFirmwareExtension(filename: string): boolean {
  const lower = filename.toLowerCase()
  return FIRMWARE_EXTENSIONS.some((extension) => lower.endsWith(extension))
}

/** The upload form's text fields; both are needed when the file has no Canopy image header. */
export const firmwareUploadFields = z.object({
  model: firmwareModel.optional(),
  version: firmwareVersion.optional(),
})

export const firmwareListRequest = z.object({
  ...page,
  model: firmwareModel.optional(),
})
export const firmwareUsableQuery = z.object({ model: firmwareModel })
export const firmwarePackageRequest = z.object({ id: idOf('validation.firmware_package_tips') })
