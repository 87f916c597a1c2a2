import { describeError } from '@canopy/shared/errors'
import type { FormInstance } from 'antd'
import { isApiError } from '../api'
import { translateKey } from '../i18n/i18n'

/**
 * Puts a refused call's messages on the form's fields: the server's §5 violations (each names
 * its field and rule key) and the codes a form knows belong to one field (e-mail taken…).
 * Returns whether anything was shown, so the caller can fall back to a form-level message.
 */
export function showFieldErrors(
  form: Pick<FormInstance, 'setFields'>,
  error: unknown,
  codeFields: Readonly<Record<number, string>> = {},
): boolean {
  if (!isApiError(error)) return false
  const fields = new Map<string, string[]>()
  const add = (field: string, key: string) => {
    const message = translateKey(key)
    const messages = fields.get(field) ?? []
    if (!messages.includes(message)) fields.set(field, [...messages, message])
  }
  for (const violation of error.violations) add(violation.field, violation.rule)
  for (const code of error.codes) {
    const field = codeFields[code]
    const key = describeError(code)?.key
    if (field && key) add(field, key)
  }
  if (fields.size === 0) return false
  form.setFields([...fields].map(([name, errors]) => ({ name, errors })))
  return true
}
