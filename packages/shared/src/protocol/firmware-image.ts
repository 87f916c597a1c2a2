/**
 * Canopy's firmware image format (docs/protocol.md, "Firmware upgrade"): 8 ASCII bytes `CNPYFW01`,
 * a uint32 big-endian length N, N bytes of UTF-8 JSON `{"model":…,"version":…}`, then the payload.
 * The server reads the header on upload to learn the model and version; the virtual fleet builds
 * images with it. Plain Uint8Array and TextEncoder so the console can import this module too; in
 * Node the bytes returned are a Buffer (a Uint8Array subclass).
 */

export const FIRMWARE_IMAGE_MAGIC = 'CNPYFW01'
/** Magic plus the header's length field. */
const PREFIX_BYTES = 12
/** A header longer than this is not ours (a real one is ~40 bytes). */
const MAX_HEADER_BYTES = 4096

export interface FirmwareImageHeader {
  model: string
  version: string
  /** Bytes before the payload: magic, length field and JSON. */
  headerBytes: number
}

export interface FirmwareImageSpec {
  model: string
  version: string
  /** The payload after the header; when absent it is pseudo-random, deterministic from model and version. */
  payload?: Uint8Array
  /** Total bytes of the image (header included) when the payload is generated; at least the header. */
  size?: number
}

export function buildFirmwareImage(spec: FirmwareImageSpec): Uint8Array<ArrayBuffer> {
  const json = new TextEncoder().encode(JSON.stringify({ model: spec.model, version: spec.version }))
  const headerBytes = PREFIX_BYTES + json.length
  const payload =
    spec.payload ??
    seededBytes(`${spec.model}\u0000${spec.version}`, Math.max(0, (spec.size ?? headerBytes) - headerBytes))
  const image = allocate(headerBytes + payload.length)
  image.set(new TextEncoder().encode(FIRMWARE_IMAGE_MAGIC), 0)
  new DataView(image.buffer, image.byteOffset, image.byteLength).setUint32(8, json.length, false)
  image.set(json, PREFIX_BYTES)
  image.set(payload, headerBytes)
  return image
}

/** The header of a Canopy image, or undefined when the bytes do not start with a well-formed one. */
export function readFirmwareHeader(bytes: Uint8Array): FirmwareImageHeader | undefined {
  if (bytes.length < PREFIX_BYTES) return undefined
  for (let i = 0; i < FIRMWARE_IMAGE_MAGIC.length; i++) {
    if (bytes[i] !== FIRMWARE_IMAGE_MAGIC.charCodeAt(i)) return undefined
  }
  const length = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(8, false)
  if (length === 0 || length > MAX_HEADER_BYTES || bytes.length < PREFIX_BYTES + length) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(PREFIX_BYTES, PREFIX_BYTES + length)),
    )
  } catch {
    // Not UTF-8 or not JSON: the file is not a Canopy image, which the caller reports as such.
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined
  const { model, version } = parsed as Record<string, unknown>
  if (typeof model !== 'string' || typeof version !== 'string' || model === '' || version === '')
    return undefined
  return { model, version, headerBytes: PREFIX_BYTES + length }
}

/** Bytes needed to read a header: enough for any image {@link readFirmwareHeader} accepts. */
export const FIRMWARE_HEADER_MAX_BYTES = PREFIX_BYTES + MAX_HEADER_BYTES

function allocate(length: number): Uint8Array<ArrayBuffer> {
  const NodeBuffer = (globalThis as { Buffer?: { alloc(length: number): Uint8Array<ArrayBuffer> } }).Buffer
  return NodeBuffer ? NodeBuffer.alloc(length) : new Uint8Array(length)
}

/** xorshift32 seeded by FNV-1a of `seed`: the same model and version give the same payload everywhere. */
function seededBytes(seed: string, length: number): Uint8Array {
  let state = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) {
    state ^= seed.charCodeAt(i)
    state = Math.imul(state, 0x01000193) >>> 0
  }
  if (state === 0) state = 1
  const out = new Uint8Array(length)
  for (let i = 0; i < length; i += 4) {
    state ^= state << 13
    state >>>= 0
    state ^= state >>> 17
    state ^= state << 5
    state >>>= 0
    out[i] = state & 0xff
    if (i + 1 < length) out[i + 1] = (state >>> 8) & 0xff
    if (i + 2 < length) out[i + 2] = (state >>> 16) & 0xff
    if (i + 3 < length) out[i + 3] = (state >>> 24) & 0xff
  }
  return out
}
