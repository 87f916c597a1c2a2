import { ErrorCode } from '@canopy/shared/errors'
import { canAddUnder, moveRefusal } from '@canopy/shared/project-tree'
import { Alert, Form, Input, Modal } from 'antd'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../shared/api'
import { showFieldErrors, zodRule } from '../../shared/forms'
import { translateKey } from '../../shared/i18n/i18n'
import '../../shared/i18n/organisation-messages'
import { toast } from '../../shared/ui/feedback'
import { type GroupNode, type Project, useAddProject, useSaveProject } from './api'
import { ProjectSelect } from './ProjectSelect'
import { findNode, projectLabel, treeNodes } from './tree'

export type ProjectDialog =
  | { kind: 'add'; parentGid?: number | undefined }
  | { kind: 'edit'; project: Project }

interface ProjectValues {
  name?: string
  pid?: number
  address?: string
  director?: string
  remark?: string
}

/** The server's refusals that belong to the parent field. */
const CODE_FIELDS = {
  [ErrorCode.PROJECT_TOO_DEEP]: 'pid',
  [ErrorCode.PROJECT_CYCLE]: 'pid',
  [ErrorCode.PROJECT_IS_DEFAULT]: 'pid',
}

export interface ProjectFormModalProps {
  dialog: ProjectDialog
  tree: readonly GroupNode[]
  /** each visible project's level (§5) */
  levels: ReadonlyMap<number, number>
  onClose: () => void
}

/** Add a project, or edit one; a new parent moves it with its sub-projects. */
export function ProjectFormModal({ dialog, tree, levels, onClose }: ProjectFormModalProps) {
  const { t } = useTranslation()
  const [form] = Form.useForm<ProjectValues>()
  /** i18n key of the message under the form */
  const [failure, setFailure] = useState<string>()
  const add = useAddProject()
  const save = useSaveProject()
  const editing = dialog.kind === 'edit' ? dialog.project : undefined
  const isRoot = editing?.pid === 0
  // A child account's granted project has its parent outside the account's scope: it stays put.
  const choosesParent = !editing || (!isRoot && levels.has(editing.pid))
  const moving = editing ? findNode(tree, editing.gid) : undefined
  const nodes = useMemo(() => treeNodes(tree), [tree])

  // The shared rules the server applies: greyed out here is refused there.
  const isDisabled = useCallback(
    (node: GroupNode) => {
      const level = levels.get(node.gid)
      if (level === undefined) return true
      if (!moving) return !canAddUnder(level)
      return moveRefusal(nodes, moving.gid, { id: node.gid, level }) !== undefined
    },
    [moving, levels, nodes],
  )

  const initialValues: ProjectValues = editing
    ? {
        name: editing.name,
        pid: choosesParent ? editing.pid : undefined,
        address: editing.address ?? '',
        director: editing.director ?? '',
        remark: editing.remark ?? '',
      }
    : { pid: dialog.kind === 'add' ? dialog.parentGid : undefined }

  async function handleFinish(values: ProjectValues) {
    setFailure(undefined)
    const details = {
      address: values.address ?? '',
      director: values.director ?? '',
      remark: values.remark ?? '',
    }
    try {
      if (editing) {
        const moved = choosesParent && values.pid !== undefined && values.pid !== editing.pid
        await save.mutateAsync({
          gid: editing.gid,
          // The root group keeps its stored name: it is always shown with the root-group label.
          name: isRoot ? editing.name : (values.name ?? ''),
          ...(moved ? { pid: values.pid } : {}),
          ...details,
        })
        void toast.success(t('projects.saved'))
      } else {
        await add.mutateAsync({ name: values.name ?? '', pid: values.pid ?? 0, ...details })
        void toast.success(t('projects.added'))
      }
    } catch (error) {
      if (showFieldErrors(form, error, CODE_FIELDS)) return
      if (isApiError(error) && !error.shown) setFailure(error.messageKey)
      return
    }
    onClose()
  }

  return (
    <Modal
      open
      title={editing ? t('projects.editTitle') : t('projects.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<ProjectValues>
        form={form}
        name="project"
        layout="vertical"
        initialValues={initialValues}
        onFinish={handleFinish}
        onValuesChange={() => setFailure(undefined)}
      >
        {isRoot && editing ? (
          <Form.Item label={t('projects.name')} htmlFor="project_root_name">
            <Input
              id="project_root_name"
              value={projectLabel(editing, t('projects.rootName'))}
              readOnly
              variant="filled"
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="name"
            label={t('projects.name')}
            extra={t('projects.nameHint')}
            required
            rules={[zodRule((r) => r.projectAddRequest.shape.name)]}
          >
            <Input />
          </Form.Item>
        )}
        {choosesParent && (
          <Form.Item
            name="pid"
            label={t('projects.parent')}
            extra={editing ? t('projects.parentHint') : undefined}
            required
            validateFirst
            rules={[
              { required: true, message: t('validation.project_error_in_empty') },
              zodRule((r) => r.projectAddRequest.shape.pid),
            ]}
          >
            <ProjectSelect tree={tree} isDisabled={isDisabled} />
          </Form.Item>
        )}
        <Form.Item
          name="address"
          label={t('projects.address')}
          rules={[zodRule((r) => r.projectAddRequest.shape.address)]}
        >
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        <Form.Item
          name="director"
          label={t('projects.director')}
          rules={[zodRule((r) => r.projectAddRequest.shape.director)]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="remark"
          label={t('projects.remark')}
          rules={[zodRule((r) => r.projectAddRequest.shape.remark)]}
        >
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={translateKey(failure)} />}
      </Form>
    </Modal>
  )
}
