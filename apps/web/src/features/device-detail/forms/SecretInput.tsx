import { Input } from 'antd'
import type { ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A password the device keeps (WiFi, PPPoE). The console never gets it back: the field starts
 * empty, says the current one stays, and a value is sent only when one is typed.
 */
export function SecretInput(props: ComponentProps<typeof Input.Password>) {
  const { t } = useTranslation()
  return (
    <Input.Password
      placeholder={t('deviceSettings.form.secretUnchanged')}
      autoComplete="new-password"
      {...props}
    />
  )
}

/** What to send for a secret field: nothing unless something was typed. */
export function typedSecret(value: string | undefined | null): string | undefined {
  return value ? value : undefined
}
