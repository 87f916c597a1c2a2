import { can } from '@canopy/shared/permissions'
import { canAddUnder, subtreeIds } from '@canopy/shared/project-tree'
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Modal,
  Row,
  Space,
  Table,
  type TableColumnsType,
  Tooltip,
} from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../shared/format'
import { ErrorWithRetry } from '../../shared/ui/ErrorWithRetry'
import '../../shared/i18n/organisation-messages'
import { confirmDanger } from '../../shared/ui/confirm-danger'
import { PageSpinner } from '../../shared/ui/PageSpinner'
import { PageTitle } from '../../shared/ui/PageTitle'
import { ProjectAlarmButton } from '../alarms/ProjectAlarmButton'
import { usePermits } from '../auth/grants'
import { type Project, useDeleteProject, useProjectList, useProjectTree } from './api'
import { type ProjectDialog, ProjectFormModal } from './ProjectFormModal'
import { ProjectTreePanel } from './ProjectTreePanel'
import { findNode, projectLabel, projectLevels, treeNodes } from './tree'

/** /project/manage: the project tree beside the table of the chosen subtree (§2, §3). */
export function ProjectManagementPage() {
  const { t } = useTranslation()
  const permitted = usePermits()
  // Guests, and children whose roles do not grant the section, only look (§6).
  const canOperate = permitted(can.operate('project'))
  const tree = useProjectTree()
  const list = useProjectList()
  const remove = useDeleteProject()
  const [modal, dialogs] = Modal.useModal()
  const [selected, setSelected] = useState<number>()
  const [dialog, setDialog] = useState<ProjectDialog>()
  const rootLabel = t('projects.rootName')

  const nodes = tree.data ?? []
  const levels = useMemo(() => projectLevels(tree.data ?? [], list.data ?? []), [tree.data, list.data])
  const flat = useMemo(() => treeNodes(tree.data ?? []), [tree.data])
  const byGid = useMemo(
    () => new Map((list.data ?? []).map((project) => [project.gid, project])),
    [list.data],
  )
  const selectedNode = selected === undefined ? undefined : findNode(nodes, selected)
  const rows = useMemo(() => {
    if (!selectedNode) return list.data ?? []
    const ids = subtreeIds(flat, [selectedNode.gid])
    return (list.data ?? []).filter((project) => ids.has(project.gid))
  }, [list.data, selectedNode, flat])

  function confirmDelete(project: Project) {
    confirmDanger(modal, {
      title: t('projects.deleteTitle', { name: projectLabel(project, rootLabel) }),
      content: t('projects.deleteContent'),
      okText: t('projects.delete'),
      cancelText: t('common.cancel'),
      // §8: each refusal (sub-projects, bound devices, bound accounts…) says why.
      run: () => remove.mutateAsync(project.gid),
      done: t('projects.deleted'),
      afterDone: () => {
        if (selected === project.gid) setSelected(undefined)
      },
    })
  }

  const columns: TableColumnsType<Project> = [
    { title: t('projects.name'), key: 'name', render: (_, project) => projectLabel(project, rootLabel) },
    {
      title: t('projects.parent'),
      key: 'parent',
      render: (_, project) => {
        const parent = byGid.get(project.pid)
        return parent ? projectLabel(parent, rootLabel) : ''
      },
    },
    { title: t('projects.address'), dataIndex: 'address' },
    {
      title: t('projects.createdAt'),
      dataIndex: 'created_at',
      render: (value: string) => formatDateTime(value),
    },
    { title: t('projects.director'), dataIndex: 'director' },
    { title: t('projects.remark'), dataIndex: 'remark' },
    { title: t('projects.level'), dataIndex: 'level', align: 'center' },
  ]
  if (canOperate) {
    columns.push({
      title: t('projects.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, project) => {
        const tooDeep = !canAddUnder(project.level)
        return (
          <Space size={0} wrap>
            <Tooltip title={tooDeep ? t('errors.projectTooDeep') : undefined}>
              <Button
                type="link"
                size="small"
                disabled={tooDeep}
                onClick={() => setDialog({ kind: 'add', parentGid: project.gid })}
              >
                {t('projects.addSub')}
              </Button>
            </Tooltip>
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'edit', project })}>
              {t('projects.edit')}
            </Button>
            <ProjectAlarmButton project={project} />
            {project.is_default !== 1 && (
              <Button type="link" size="small" danger onClick={() => confirmDelete(project)}>
                {t('projects.delete')}
              </Button>
            )}
          </Space>
        )
      },
    })
  }

  const title = t('menu.projectManage')
  const failed = tree.isError || list.isError

  return (
    <>
      <PageTitle>{title}</PageTitle>
      {failed ? (
        <ErrorWithRetry
          title={t('projects.loadFailed')}
          onRetry={() => Promise.all([tree.isError && tree.refetch(), list.isError && list.refetch()])}
          retrying={tree.isFetching || list.isFetching}
        />
      ) : tree.isPending ? (
        <PageSpinner />
      ) : (
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={7} xxl={5}>
            <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('projects.treeTitle')}</h2>}>
              <ProjectTreePanel nodes={nodes} selected={selected} onSelect={setSelected} />
            </Card>
          </Col>
          <Col xs={24} lg={17} xxl={19}>
            <Card
              title={
                <h2 style={{ margin: 0, fontSize: 16 }}>
                  {selectedNode
                    ? t('projects.subtreeOf', { name: projectLabel(selectedNode, rootLabel) })
                    : t('projects.allProjects')}
                </h2>
              }
              extra={
                <Flex gap={8}>
                  {selectedNode && (
                    <Button onClick={() => setSelected(undefined)}>{t('projects.showAll')}</Button>
                  )}
                  {canOperate && (
                    <Button
                      type="primary"
                      onClick={() =>
                        setDialog({
                          kind: 'add',
                          parentGid:
                            selectedNode && canAddUnder(levels.get(selectedNode.gid) ?? 1)
                              ? selectedNode.gid
                              : nodes[0]?.gid,
                        })
                      }
                    >
                      {t('projects.add')}
                    </Button>
                  )}
                </Flex>
              }
            >
              {!canOperate && (
                <Alert type="info" showIcon title={t('projects.viewOnly')} style={{ marginBottom: 16 }} />
              )}
              <Table<Project>
                rowKey="gid"
                columns={columns}
                dataSource={rows}
                loading={list.isPending}
                pagination={{ defaultPageSize: 10, showSizeChanger: true, hideOnSinglePage: true }}
                scroll={{ x: 'max-content' }}
                size="middle"
              />
            </Card>
          </Col>
        </Row>
      )}
      {dialog && (
        <ProjectFormModal dialog={dialog} tree={nodes} levels={levels} onClose={() => setDialog(undefined)} />
      )}
      {dialogs}
    </>
  )
}
