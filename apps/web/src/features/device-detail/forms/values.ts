/** Helpers that turn antd field values into the settings the shared schemas check. */

/** An InputNumber left empty gives null; the schema then reports the field as required. */
export function numberOf(value: number | null | undefined): number | undefined {
  return value ?? undefined
}

/** DNS fields (two inputs): trailing empty ones are dropped, none at all is no list. */
export function dnsListOf(values: readonly (string | undefined | null)[] | undefined): string[] | undefined {
  const list = (values ?? []).map((value) => value?.trim() ?? '')
  while (list.length > 0 && list.at(-1) === '') list.pop()
  return list.length > 0 ? list : undefined
}

/** Texts are sent trimmed (an SSID's spaces at the ends are not kept, §5). */
export function textOf(value: string | undefined | null): string {
  return value?.trim() ?? ''
}
