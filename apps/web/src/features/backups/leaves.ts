/** Every leaf of a nested object by its dotted path (arrays are leaves). */
export function leaves(value: Record<string, unknown>, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>()
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (inner && typeof inner === 'object' && !Array.isArray(inner))
      for (const [deeper, leaf] of leaves(inner as Record<string, unknown>, path)) out.set(deeper, leaf)
    else out.set(path, inner)
  }
  return out
}
