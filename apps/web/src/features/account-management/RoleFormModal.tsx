import { ErrorCode } from '@canopy/shared/errors'
import type { DeviceFunction, MenuSection } from '@canopy/shared/permissions'
import { Alert, Checkbox, Form, Input, Modal, Switch } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { showFieldErrors, zodRule } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'
import '../../shared/i18n/organisation-messages'
import { toast } from '../../shared/ui/feedback'
import type { GroupNode } from '../projects/api'
import { ProjectMultiSelect } from '../projects/ProjectSelect'
import { type Role, type RoleRequest, useAddRole, useSaveRole } from './api'
import { DevicePicker } from './DevicePicker'
import { deviceFunctionOptions, functionsForGuest, grantableSections, guestViewsOnlyRule } from './role-form'

interface RoleValues {
  name?: string
  menus: MenuSection[]
  device_functions: DeviceFunction[]
  guest: boolean
  project_ids: number[]
  device_ids: number[]
}

const CODE_FIELDS = { [ErrorCode.ROLE_EXISTS]: 'name' }

export interface RoleFormModalProps {
  /** the role to edit; a new one when undefined */
  role?: Role | undefined
  /** the group tree the role's projects are chosen from */
  tree: readonly GroupNode[]
  onClose: () => void
}

/** Add or edit a role: its sections, device functions, guest flag, projects and devices (§3, §6). */
export function RoleFormModal({ role, tree, onClose }: RoleFormModalProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<RoleValues>()
  const guest = Form.useWatch('guest', form) ?? role?.guest === 1
  /** i18n key of the message under the form */
  const [failure, setFailure] = useState<string>()
  const add = useAddRole()
  const save = useSaveRole()

  const initialValues: RoleValues = role
    ? {
        name: role.name,
        menus: role.menus,
        device_functions: role.device_functions,
        guest: role.guest === 1,
        project_ids: role.project_ids,
        device_ids: role.device_ids,
      }
    : { menus: [], device_functions: [], guest: false, project_ids: [], device_ids: [] }

  function handleValuesChange(changed: Partial<RoleValues>) {
    setFailure(undefined)
    if (changed.guest !== undefined) {
      const functions = (form.getFieldValue('device_functions') ?? []) as DeviceFunction[]
      form.setFieldValue('device_functions', functionsForGuest(functions, changed.guest))
      void form.validateFields(['device_functions'])
    }
  }

  async function handleFinish(values: RoleValues) {
    setFailure(undefined)
    const request: RoleRequest = {
      name: values.name ?? '',
      menus: values.menus,
      device_functions: values.device_functions,
      project_ids: values.project_ids,
      device_ids: values.device_ids,
      guest: values.guest,
    }
    try {
      if (role) await save.mutateAsync({ id: role.id, ...request })
      else await add.mutateAsync(request)
    } catch (error) {
      if (showFieldErrors(form, error, CODE_FIELDS)) return
      if (isApiError(error) && !error.shown) setFailure(error.messageKey)
      return
    }
    void toast.success(role ? t('roles.saved') : t('roles.added'))
    onClose()
  }

  return (
    <Modal
      open
      title={role ? t('roles.editTitle') : t('roles.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={600}
    >
      <Form<RoleValues>
        form={form}
        name="role"
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={handleValuesChange}
        onFinish={handleFinish}
      >
        <Form.Item
          name="name"
          label={t('roles.name')}
          extra={t('roles.nameHint')}
          required
          rules={[zodRule((r) => r.roleAddRequest.shape.name)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="menus"
          label={t('roles.menus')}
          extra={t('roles.menusHint')}
          rules={[zodRule((r) => r.roleAddRequest.shape.menus)]}
        >
          <Checkbox.Group
            options={grantableSections().map(({ section, titleKey }) => ({
              value: section,
              label: translateKey(titleKey),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="device_functions"
          label={t('roles.deviceFunctions')}
          dependencies={['guest']}
          rules={[zodRule((r) => r.roleAddRequest.shape.device_functions), guestViewsOnlyRule()]}
        >
          <Checkbox.Group options={deviceFunctionOptions(guest)} />
        </Form.Item>
        <Form.Item name="guest" label={t('roles.guest')} extra={t('roles.guestHint')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="project_ids"
          label={t('roles.projects')}
          extra={t('roles.projectsHint')}
          rules={[zodRule((r) => r.roleAddRequest.shape.project_ids)]}
        >
          <ProjectMultiSelect tree={tree} placeholder={t('roles.projectsPlaceholder')} />
        </Form.Item>
        <Form.Item
          name="device_ids"
          label={t('roles.devices')}
          extra={t('roles.devicesHint')}
          rules={[zodRule((r) => r.roleAddRequest.shape.device_ids)]}
        >
          <DevicePicker known={role?.devices} placeholder={t('roles.devicesPlaceholder')} />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={translateKey(failure)} />}
      </Form>
    </Modal>
  )
}
