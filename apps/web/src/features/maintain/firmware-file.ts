import { FIRMWARE_HEADER_MAX_BYTES, readFirmwareHeader } from '@canopy/shared/protocol'
import { loadRules } from '../../shared/forms'

/**
 * The server's default upload limit (FW, 64 MB). The console checks it first so a large file is
 * refused before its upload starts; the server, whose limit an operator may change, decides.
 */
export const FIRMWARE_SIZE_LIMIT = 64 * 1024 * 1024

export type FirmwareFileCheck =
  | { ok: true; header: { model: string; version: string } | undefined }
  /** `reason`: the i18n key of the server's own refusal */
  | { ok: false; reason: string }

/**
 * What the upload form knows of a chosen file before sending it: its model and version when
 * it starts with a Canopy header (then the form asks for neither), else whether its type is
 * one a raw image may have. Reads only the first few kilobytes.
 */
export async function checkFirmwareFile(file: File, limit = FIRMWARE_SIZE_LIMIT): Promise<FirmwareFileCheck> {
  if (file.size > limit) return { ok: false, reason: 'validation.firmware_too_large' }
  const head = new Uint8Array(await file.slice(0, FIRMWARE_HEADER_MAX_BYTES).arrayBuffer())
  const header = readFirmwareHeader(head)
  if (header) return { ok: true, header: { model: header.model, version: header.version } }
  // The server's rule for a header-less image (.bin, .img, .trx), and its message.
  const { hasFirmwareExtension } = await loadRules()
  if (!hasFirmwareExtension(file.name) || file.size === 0)
    return { ok: false, reason: 'errors.unsupportedFileType' }
  return { ok: true, header: undefined }
}

/** 1536 → { unit: 'kb', value: '1.5' }: the size in the largest unit under 1024 of it. */
export function sizeParts(bytes: number): { unit: 'b' | 'kb' | 'mb'; value: string } {
  if (bytes < 1024) return { unit: 'b', value: String(bytes) }
  if (bytes < 1024 * 1024) return { unit: 'kb', value: trim(bytes / 1024) }
  return { unit: 'mb', value: trim(bytes / (1024 * 1024)) }
}

function trim(value: number): string {
  return value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, '')
}
