import { ErrorCode } from '@canopy/shared/errors'
import { PORTAL_DISPLAY_TYPES, PORTAL_SCHEME_NAMES, PORTAL_SCHEMES } from '@canopy/shared/validation'
import { Alert, Col, Form, Input, Modal, Radio, Row, Select, Space } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { showFieldErrors, zodRule } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'
import '../../shared/i18n/portal-messages'
import { toast } from '../../shared/ui/feedback'
import { type PortalPage, type PortalPageForm, useAddPortalPage, useSavePortalPage } from './api'
import { PhonePreview } from './PhonePreview'
import { PictureField } from './PictureField'
import { NEW_PAGE, pageFormValues } from './portal-page-form'

/** §8's page codes belong to a field: shown beside it. */
const CODE_FIELDS = {
  [ErrorCode.GUIDE_ADDRESS_ERROR]: 'guide_url',
  [ErrorCode.UPLOAD_FORMAT]: 'banner_picture',
}

export interface PortalPageFormModalProps {
  page?: PortalPage | undefined
  onClose: () => void
}

/** Design a portal page (§3) beside a live phone-sized preview in the guest's language. */
export function PortalPageFormModal({ page, onClose }: PortalPageFormModalProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<PortalPageForm>()
  const initialValues = page ? pageFormValues(page) : NEW_PAGE
  const values = Form.useWatch([], form) ?? initialValues
  const [failure, setFailure] = useState<string>()
  const add = useAddPortalPage()
  const save = useSavePortalPage()

  async function handleFinish(request: PortalPageForm) {
    setFailure(undefined)
    try {
      if (page) await save.mutateAsync({ id: page.id, ...request })
      else await add.mutateAsync(request)
    } catch (error) {
      if (showFieldErrors(form, error, CODE_FIELDS)) return
      if (isApiError(error) && !error.shown) setFailure(error.messageKey)
      return
    }
    void toast.success(page ? t('portal.page.saved') : t('portal.page.added'))
    onClose()
  }

  return (
    <Modal
      open
      title={page ? t('portal.page.editTitle') : t('portal.page.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={960}
    >
      <Row gutter={24}>
        <Col xs={24} md={14}>
          <Form<PortalPageForm>
            form={form}
            name="portal-page"
            layout="vertical"
            initialValues={initialValues}
            onValuesChange={() => setFailure(undefined)}
            onFinish={handleFinish}
          >
            <Form.Item name="display_type" label={t('portal.page.displayType')}>
              <Radio.Group
                optionType="button"
                options={PORTAL_DISPLAY_TYPES.map((type) => ({
                  value: type,
                  label: t(`portal.page.displayTypes.${type}`),
                }))}
              />
            </Form.Item>
            <Form.Item
              name="title"
              label={t('portal.page.title')}
              extra={t('portal.page.titleHint')}
              required
              rules={[zodRule((r) => r.portalPageAddRequest.shape.title)]}
            >
              <Input maxLength={25} />
            </Form.Item>
            <Form.Item
              name="tips"
              label={t('portal.page.tips')}
              extra={t('portal.page.tipsHint')}
              required
              rules={[zodRule((r) => r.portalPageAddRequest.shape.tips)]}
            >
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item
              name="banner_picture"
              label={t('portal.page.bannerPicture')}
              extra={t('portal.page.pictureHint')}
            >
              <PictureField label={t('portal.page.bannerPicture')} />
            </Form.Item>
            <Form.Item name="tips_picture" label={t('portal.page.tipsPicture')}>
              <PictureField label={t('portal.page.tipsPicture')} />
            </Form.Item>
            <Form.Item
              name="guide_url"
              label={t('portal.page.guideUrl')}
              extra={t('portal.page.guideUrlHint')}
              required
              rules={[zodRule((r) => r.guideAddress)]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="scheme" label={t('portal.page.scheme')}>
              <Select
                options={PORTAL_SCHEME_NAMES.map((scheme) => ({
                  value: scheme,
                  label: (
                    <Space>
                      <span
                        aria-hidden
                        style={{
                          display: 'inline-block',
                          width: 12,
                          height: 12,
                          borderRadius: 2,
                          background: PORTAL_SCHEMES[scheme].main,
                        }}
                      />
                      {t(`portal.page.schemes.${scheme}`)}
                    </Space>
                  ),
                }))}
              />
            </Form.Item>
            {failure && <Alert type="error" showIcon title={translateKey(failure)} />}
          </Form>
        </Col>
        <Col xs={24} md={10}>
          <PhonePreview values={values} />
        </Col>
      </Row>
    </Modal>
  )
}
