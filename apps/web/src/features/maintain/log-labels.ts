import { i18n, translateKey } from '../../shared/i18n/i18n'

/** An operation's action as the log names it ('device.restart') → its words, or the name itself. */
export function actionLabel(action: string): string {
  const key = `maintain.log.actions.${action}`
  return i18n.exists(key) ? translateKey(key) : action
}

/** A result as the logs write it → its words, or the value itself. */
export function resultLabel(result: string): string {
  const key = `maintain.log.results.${result}`
  return i18n.exists(key) ? translateKey(key) : result
}

/** The operation log's action filter: the actions the console knows the words of. */
export const OPERATION_ACTIONS = [
  'device.restart',
  'device.restarts',
  'device.timerestart',
  'device.setleds',
  'device.setsystem',
  'device.setnetwork',
  'device.setwifi',
  'device.setwifis',
  'device.setrepeater',
  'device.setportal',
  'device.remote.web',
  'device.remote.diag',
  'device.upgrade',
] as const
