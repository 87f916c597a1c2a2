import { Select } from 'antd'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { currentLanguage } from '../../shared/i18n/i18n'
import { htmlLangOf } from '../../shared/i18n/language'
import { useCallingCodes } from './api'
import { callingCodeOptions } from './region-names'

/** Controlled by a Form.Item: antd passes id (for the label), value and onChange. */
export interface CountryCodeSelectProps {
  id?: string
  value?: string
  onChange?: (value: string | undefined) => void
  'aria-invalid'?: boolean
}

export function CountryCodeSelect({ id, value, onChange, ...aria }: CountryCodeSelectProps) {
  // useTranslation re-renders this on a language switch, so `locale` follows it.
  const { t } = useTranslation()
  const { data, isError, isPending } = useCallingCodes()
  const locale = htmlLangOf(currentLanguage())
  const options = useMemo(() => callingCodeOptions(data ?? [], locale), [data, locale])

  return (
    <Select
      id={id}
      value={value}
      onChange={(next: string | undefined) => onChange?.(next)}
      options={options}
      showSearch={{ optionFilterProp: 'search' }}
      allowClear
      loading={isPending}
      status={isError ? 'error' : undefined}
      placeholder={isError ? t('errors.countryCodesFailed') : t('countries.placeholder')}
      notFoundContent={isError ? t('errors.countryCodesFailed') : t('countries.notFound')}
      labelRender={(selected) => `+${selected.value}`}
      popupMatchSelectWidth={320}
      {...aria}
    />
  )
}
