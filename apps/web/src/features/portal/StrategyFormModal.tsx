import { ErrorCode } from '@canopy/shared/errors'
import type { FormRule } from 'antd'
import { Alert, Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { loadRules, showFieldErrors, zodRule } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'
import '../../shared/i18n/portal-messages'
import { toast } from '../../shared/ui/feedback'
import { type PortalStrategy, useAddStrategy, useSaveStrategy } from './api'
import {
  formValues,
  NEW_STRATEGY,
  PERMANENT,
  requestOf,
  type StrategyValues,
  VALIDITY_CHOICES,
} from './strategy-form'

const CODE_FIELDS = {
  [ErrorCode.POLICY_EXISTS]: 'name',
  [ErrorCode.POLICY_NAME_EMPTY]: 'name',
}

type LimitField =
  | 'session_minutes'
  | 'upload_kbps'
  | 'download_kbps'
  | 'upload_quota_mb'
  | 'download_quota_mb'
type ListField = 'ip_whitelist' | 'ip_blacklist' | 'mac_whitelist' | 'mac_blacklist'

/** A black list may not name what its white list names (§5 lists; the server says the same). */
function notInWhitelist(whiteField: ListField, kind: 'ip' | 'mac'): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const { accessListsOverlap } = await loadRules()
      if (accessListsOverlap(String(getFieldValue(whiteField) ?? ''), String(value ?? ''), kind)) {
        throw new Error(translateKey('validation.access_list_overlap'))
      }
    },
  })
}

export interface StrategyFormModalProps {
  /** the strategy to edit; a new one when undefined */
  strategy?: PortalStrategy | undefined
  onClose: () => void
}

/** Add or edit an authentication strategy (§3): validity, session, rates, quotas, white and black lists. */
export function StrategyFormModal({ strategy, onClose }: StrategyFormModalProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<StrategyValues>()
  const [failure, setFailure] = useState<string>()
  const add = useAddStrategy()
  const save = useSaveStrategy()

  async function handleFinish(values: StrategyValues) {
    setFailure(undefined)
    const request = requestOf(values)
    try {
      if (strategy) await save.mutateAsync({ id: strategy.id, ...request })
      else await add.mutateAsync(request)
    } catch (error) {
      if (showFieldErrors(form, error, CODE_FIELDS)) return
      if (isApiError(error) && !error.shown) setFailure(error.messageKey)
      return
    }
    void toast.success(strategy ? t('portal.strategy.saved') : t('portal.strategy.added'))
    onClose()
  }

  const limit = (name: LimitField, label: string, extra: string) => (
    <Form.Item
      name={name}
      label={label}
      extra={extra}
      rules={[zodRule((r) => r.strategyAddRequest.shape[name])]}
    >
      <InputNumber min={0} precision={0} style={{ width: '100%' }} />
    </Form.Item>
  )
  const list = (name: ListField, label: string, extra: string, whiteList?: ListField) => (
    <Form.Item
      name={name}
      dependencies={whiteList ? [whiteList] : undefined}
      label={label}
      extra={extra}
      rules={[
        zodRule((r) => (name.startsWith('ip') ? r.ipAccessList : r.macAccessList)),
        ...(whiteList ? [notInWhitelist(whiteList, name.startsWith('ip') ? 'ip' : 'mac')] : []),
      ]}
    >
      <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} />
    </Form.Item>
  )

  return (
    <Modal
      open
      title={strategy ? t('portal.strategy.editTitle') : t('portal.strategy.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={680}
    >
      <Form<StrategyValues>
        form={form}
        name="strategy"
        layout="vertical"
        initialValues={strategy ? formValues(strategy) : NEW_STRATEGY}
        onValuesChange={() => setFailure(undefined)}
        onFinish={handleFinish}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="name"
              label={t('portal.strategy.name')}
              required
              rules={[zodRule((r) => r.strategyName)]}
            >
              <Input maxLength={25} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="validity_days"
              label={t('portal.strategy.validity')}
              extra={t('portal.strategy.validityHint')}
            >
              <Select
                options={VALIDITY_CHOICES.map((days) => ({
                  value: days,
                  label:
                    days === PERMANENT
                      ? t('portal.strategy.permanent')
                      : t('portal.strategy.days', { count: days }),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            {limit('session_minutes', t('portal.strategy.sessionMinutes'), t('portal.strategy.sessionHint'))}
          </Col>
          <Col xs={24} sm={12} />
          <Col xs={24} sm={12}>
            {limit('upload_kbps', t('portal.strategy.uploadKbps'), t('portal.strategy.limitHint'))}
          </Col>
          <Col xs={24} sm={12}>
            {limit('download_kbps', t('portal.strategy.downloadKbps'), t('portal.strategy.limitHint'))}
          </Col>
          <Col xs={24} sm={12}>
            {limit('upload_quota_mb', t('portal.strategy.uploadQuota'), t('portal.strategy.limitHint'))}
          </Col>
          <Col xs={24} sm={12}>
            {limit('download_quota_mb', t('portal.strategy.downloadQuota'), t('portal.strategy.limitHint'))}
          </Col>
          <Col xs={24} sm={12}>
            {list('ip_whitelist', t('portal.strategy.ipWhitelist'), t('portal.strategy.whitelistHint'))}
          </Col>
          <Col xs={24} sm={12}>
            {list(
              'ip_blacklist',
              t('portal.strategy.ipBlacklist'),
              t('portal.strategy.blacklistHint'),
              'ip_whitelist',
            )}
          </Col>
          <Col xs={24} sm={12}>
            {list('mac_whitelist', t('portal.strategy.macWhitelist'), t('portal.strategy.whitelistHint'))}
          </Col>
          <Col xs={24} sm={12}>
            {list(
              'mac_blacklist',
              t('portal.strategy.macBlacklist'),
              t('portal.strategy.blacklistHint'),
              'mac_whitelist',
            )}
          </Col>
        </Row>
        {failure && <Alert type="error" showIcon title={translateKey(failure)} />}
      </Form>
    </Modal>
  )
}
