import { LANGUAGES, type Language } from '@canopy/shared/i18n/languages'
import { PORTAL_SCHEMES, type PortalPageForm } from '@canopy/shared/validation'
import { Button, Checkbox, Flex, Segmented, Typography } from 'antd'
import type { CSSProperties } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { i18n } from '../../shared/i18n/i18n'
import '../../shared/i18n/portal-messages'
import { usePictureUrl } from './api'

/** The size of the phone the page is previewed on (CSS pixels of a common phone). */
const PHONE = { width: 300, height: 560 }

/**
 * The page as a guest's phone shows it, live as the form changes, in the guest's language (the
 * guest's words — connect, accept the terms — follow the chosen language; the title and tips are
 * what the owner wrote).
 */
export function PhonePreview({ values }: { values: Partial<PortalPageForm> }) {
  const { t } = useTranslation()
  const [language, setLanguage] = useState<Language>(i18n.language as Language)
  const guest = i18n.getFixedT(language)
  const banner = usePictureUrl(values.banner_picture ?? null)
  const tipsPicture = usePictureUrl(values.tips_picture ?? null)
  const scheme = PORTAL_SCHEMES[values.scheme ?? 'blue']
  const behind = values.display_type === 'background' && banner
  const screen: CSSProperties = {
    width: PHONE.width,
    height: PHONE.height,
    border: '10px solid #1f2329',
    borderRadius: 28,
    overflow: 'hidden',
    background: behind ? `center / cover no-repeat url("${banner}")` : '#ffffff',
    display: 'flex',
    flexDirection: 'column',
  }
  return (
    <Flex vertical gap={8} align="center">
      <Typography.Text strong>{t('portal.page.preview')}</Typography.Text>
      <Segmented<Language>
        aria-label={t('portal.page.previewLanguage')}
        size="small"
        value={language}
        onChange={setLanguage}
        options={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
      />
      <section aria-label={t('portal.page.preview')} lang={language} style={screen}>
        {values.display_type === 'banner' && banner && (
          <img src={banner} alt={t('portal.page.pictureAlt')} style={{ width: '100%', display: 'block' }} />
        )}
        <Flex
          vertical
          gap={12}
          style={{
            padding: 20,
            margin: behind ? 'auto 12px 12px' : 0,
            background: behind ? 'rgba(255,255,255,0.92)' : undefined,
            borderRadius: behind ? 12 : 0,
          }}
        >
          <Typography.Title level={2} style={{ fontSize: 22, margin: 0, color: scheme.main }}>
            {values.title}
          </Typography.Title>
          <Typography.Text>{values.tips}</Typography.Text>
          {tipsPicture && (
            <img
              src={tipsPicture}
              alt={t('portal.page.pictureAlt')}
              style={{ width: '100%', borderRadius: 8 }}
            />
          )}
          <Checkbox checked tabIndex={-1}>
            {guest('portal.guest.agree')}
          </Checkbox>
          <Button
            block
            tabIndex={-1}
            style={{ background: scheme.main, color: scheme.text, borderColor: scheme.main }}
          >
            {guest('portal.guest.connect')}
          </Button>
          <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
            {guest('portal.guest.afterLogin', { url: values.guide_url ?? '' })}
          </Typography.Text>
        </Flex>
      </section>
    </Flex>
  )
}
