import type { RuleSchema } from '@canopy/shared/validation'
import type { FormInstance, FormRule } from 'antd'
import { isApiError } from '../../../shared/api'
import { translateKey } from '../../../shared/i18n/i18n'

/** A field's antd name path, e.g. ['pppoe', 'timeout'] or ['dns', 0]. */
export type FieldPath = readonly (string | number)[]

const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('.')

/**
 * The message key of a broken rule. The shared rules name their key; a field left empty fails
 * zod's own type check instead, whose English wording must not reach the page.
 */
function keyOf(issue: { code: string; message: string }): string {
  if (issue.message.startsWith('validation.')) return issue.message
  return issue.code === 'invalid_type' ? 'common.required' : 'deviceSettings.form.invalid'
}

/** Every field the shared schema finds broken in `value`, with the key of its first broken rule. */
export function brokenRules(schema: RuleSchema, value: unknown): Map<string, string> {
  const broken = new Map<string, string>()
  const result = schema.safeParse(value)
  if (result.success) return broken
  for (const issue of result.error.issues) {
    const key = pathKey(issue.path)
    if (!broken.has(key)) broken.set(key, keyOf(issue))
  }
  return broken
}

/**
 * antd rules for a form whose fields mirror a settings section. The whole section goes through
 * its shared schema (so the rules that span fields hold too: the MTU by connection type, the
 * password by encryption, the DHCP pool inside the LAN) and each field shows what concerns it.
 *
 *   const rules = sectionRules(wanSettings, toWanSettings)
 *   <Form.Item name="mtu" rules={rules(['mtu'])} dependencies={['type']}>
 *
 * A form holding the section under a path passes it as `at` (its fields' names start with it).
 */
export function sectionRules<V>(schema: RuleSchema, toSettings: (values: V) => unknown, at?: FieldPath) {
  return (path: FieldPath): FormRule[] => [
    (form) => ({
      validator: async () => {
        // `at`: the section is one part of a larger form (a template's virtual AP), kept there.
        const values = (at ? form.getFieldValue(at as (string | number)[]) : form.getFieldsValue(true)) as V
        const key = brokenRules(schema, toSettings(values)).get(pathKey(path))
        if (key) throw new Error(translateKey(key))
      },
    }),
  ]
}

/**
 * The server's §5 refusals as antd field errors. The server names fields from the request
 * ('settings.5g.ssid') or from the section ('5g.channel'); a form showing one part of a section
 * passes that part's path as `prefix` and gets its own field names back (['ssid']).
 */
export function violationFields(error: unknown, prefix: FieldPath = []) {
  if (!isApiError(error)) return []
  const fields = new Map<string, { name: (string | number)[]; errors: string[] }>()
  for (const violation of error.violations) {
    const parts = violation.field.split('.')
    if (parts[0] === 'settings') parts.shift()
    if (!prefix.every((part, index) => String(part) === parts[index])) continue
    const name = parts.slice(prefix.length).map((part) => (/^\d+$/.test(part) ? Number(part) : part))
    if (name.length === 0) continue
    const field = fields.get(pathKey(name)) ?? { name, errors: [] }
    field.errors.push(translateKey(violation.rule))
    fields.set(pathKey(name), field)
  }
  return [...fields.values()]
}

/** Puts the server's refusals on the form; whether any concerned it. */
export function showViolations(
  form: Pick<FormInstance, 'setFields'>,
  error: unknown,
  prefix: FieldPath = [],
): boolean {
  const fields = violationFields(error, prefix)
  form.setFields(fields)
  return fields.length > 0
}
