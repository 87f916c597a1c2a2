import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../../shared/api'

/** §3 group-tree node (GET backend/workgroup/all?tree=1): pid 0 marks the tenant's root group. */
export interface GroupNode {
  gid: number
  pid: number
  name: string
  child: GroupNode[]
}

/** §3 project, as the flat list (GET backend/workgroup/all) and info return it. */
export interface Project {
  gid: number
  /** 0 for the root group; for a child account, possibly a project outside its scope */
  pid: number
  name: string
  address: string | null
  director: string | null
  remark: string | null
  /** 1 for the root group, at most 5 (§5) */
  level: number
  /** ISO 8601 */
  created_at: string
  is_default: 0 | 1
  child_count: number
}

/** Blank optional fields are sent as '' ("none"). */
export interface ProjectAddRequest {
  name: string
  pid: number
  address: string
  director: string
  remark: string
}

/** A `pid` other than the current parent moves the project, with its sub-projects. */
export interface ProjectSaveRequest {
  gid: number
  name: string
  pid?: number
  address: string
  director: string
  remark: string
}

export const projectKeys = {
  all: ['projects'] as const,
  tree: () => [...projectKeys.all, 'tree'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
}

/** The caller's projects as a forest: the root group for a primary, its scope for a child. */
export function projectTreeQuery() {
  return queryOptions({
    queryKey: projectKeys.tree(),
    queryFn: ({ signal }) => api.get<GroupNode[]>('backend/workgroup/all', { tree: 1 }, { signal }),
  })
}

export function useProjectTree() {
  return useQuery(projectTreeQuery())
}

export function useProjectList() {
  return useQuery({
    queryKey: projectKeys.list(),
    queryFn: ({ signal }) => api.get<Project[]>('backend/workgroup/all', undefined, { signal }),
  })
}

function useProjectMutation<TRequest, TResult>(call: (request: TRequest) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  })
}

export function useAddProject() {
  return useProjectMutation((request: ProjectAddRequest) =>
    api.post<{ gid: number }>('backend/workgroup/add', request),
  )
}

export function useSaveProject() {
  return useProjectMutation((request: ProjectSaveRequest) =>
    api.post<Project>('backend/workgroup/save', request),
  )
}

export function useDeleteProject() {
  return useProjectMutation((gid: number) => api.get<null>('backend/workgroup/delete', { gid }))
}
