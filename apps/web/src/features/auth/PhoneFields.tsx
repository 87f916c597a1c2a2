import { Col, Form, Input, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import { zodRule } from '../../shared/forms'
import { CountryCodeSelect } from '../countries/CountryCodeSelect'

/** The phone tab's fields. Loaded when the tab is opened: Select stays out of the first paint. */
export function PhoneFields() {
  const { t } = useTranslation()
  return (
    <Row gutter={8}>
      <Col span={9}>
        <Form.Item name="country_code" label={t('login.countryCode')} rules={[zodRule((r) => r.countryCode)]}>
          <CountryCodeSelect />
        </Form.Item>
      </Col>
      <Col span={15}>
        <Form.Item name="phone" label={t('login.phone')} rules={[zodRule((r) => r.loginPhone)]}>
          <Input inputMode="numeric" autoComplete="tel-national" />
        </Form.Item>
      </Col>
    </Row>
  )
}
