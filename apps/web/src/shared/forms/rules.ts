import type * as Validation from '@canopy/shared/validation'
import type { RuleSchema } from '@canopy/shared/validation'
import type { FormRule } from 'antd'
import { afterFirstPage } from '../after-first-page'
import { translateKey } from '../i18n/i18n'

/** The shared §5 rules (packages/shared/src/validation). */
export type Rules = typeof Validation

let loading: Promise<Rules> | undefined

/**
 * The rules are loaded on first use rather than imported: zod is ~30 KB gzip that the login
 * page's first paint does not need. Creating a rule starts the load once the page has painted,
 * so it has arrived long before anyone submits.
 */
export function loadRules(): Promise<Rules> {
  loading ??= import('@canopy/shared/validation')
  return loading
}

/**
 * The one adapter from a shared §5 zod schema to an antd form rule: the schema's first broken
 * rule is an i18n key, translated when the field is checked (so it follows the language).
 * An empty field is checked as '' so that required schemas report their "empty" key.
 *
 *   rules={[zodRule((r) => r.accountName)]}
 */
export function zodRule(pick: (rules: Rules) => RuleSchema): FormRule {
  afterFirstPage(() => void loadRules())
  return {
    validator: async (_rule, value: unknown) => {
      const rules = await loadRules()
      const key = rules.firstViolation(pick(rules), value ?? '')
      if (key) throw new Error(translateKey(key))
    },
  }
}

/** Confirmation must equal `field` (§5 "confirm must match"). */
export function matchesField(field: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const { passwordsMatch } = await loadRules()
      if (!passwordsMatch(String(getFieldValue(field) ?? ''), String(value ?? ''))) {
        throw new Error(translateKey('validation.pwd_confirm_error'))
      }
    },
  })
}

/** The new password must differ from `field` (§5 "new password must differ from the old one"). */
export function differsFromField(field: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const { passwordsMatch } = await loadRules()
      const other = String(getFieldValue(field) ?? '')
      if (other && passwordsMatch(other, String(value ?? ''))) {
        throw new Error(translateKey('validation.pwd_same_error'))
      }
    },
  })
}

/** Phone and country code come together or not at all (§5); shown on the phone field. */
export function phoneWithCountryCode(countryCodeField = 'country_code'): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const { phoneComplete } = await loadRules()
      const phone = typeof value === 'string' && value !== '' ? value : undefined
      const code = getFieldValue(countryCodeField) as string | undefined
      if (!phoneComplete({ phone, country_code: code || undefined })) {
        throw new Error(translateKey('validation.phone_cc_together'))
      }
    },
  })
}
