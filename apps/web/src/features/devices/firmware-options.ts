import type { DeviceListQuery, DeviceProduct } from './api'

/**
 * The versions the firmware filter offers: those of the caller's devices, narrowed like the
 * models by the chosen type and model, newest first. The server matches a version exactly, so
 * the console offers versions, never free text. A version from the URL (a shared link) stays
 * offered even when no device runs it any more, so the select can show what is applied.
 */
export function firmwareOptions(
  products: readonly DeviceProduct[],
  request: Pick<DeviceListQuery, 'type' | 'model' | 'firmware'>,
): string[] {
  const versions = new Set<string>()
  for (const product of products) {
    if (request.type && product.type !== request.type) continue
    if (request.model && product.model !== request.model) continue
    for (const version of product.firmware) versions.add(version)
  }
  if (request.firmware) versions.add(request.firmware)
  // Numeric order within each part: 1.10.0 is newer than 1.9.2.
  return [...versions].sort((a, b) => b.localeCompare(a, 'en', { numeric: true }))
}
