/**
 * The error catalogue of spec §8: every code the API can answer with, once.
 *
 * - `key` is the i18n message key the console shows for it.
 * - `http` is the HTTP status the server sends with it.
 * - `toast`: the code is one of §8's listed envelope codes, so the console's HTTP client shows
 *   it as a 3 s toast itself. Unlisted codes are rejected to the caller, which shows the message
 *   where it belongs (next to a form, in a dialog).
 * - `forceLogout`: the console drops its local session when it sees the code (§4).
 *
 * Codes the spec names are used verbatim; the spec's messages that come without a code got one
 * in the 600400101+ range (see docs/decisions.md, "Error codes").
 */

export const SUCCESS_STATUS = 10000

export const ErrorCode = {
  // Envelope codes of §8
  BAD_REQUEST: 600000100,
  MALFORMED_REQUEST: 600000101,
  TOO_FREQUENT: 600000102,
  REQUEST_LIMIT_REACHED: 600000103,
  LICENSE_INVALID: 600100100,
  LICENSE_EXPIRED: 600100101,
  LICENSE_MISSING: 600100102,
  TOKEN_MISSING: 600100103,
  TOKEN_INVALID: 600100104,
  TOKEN_EXPIRED: 600100105,
  REFRESH_TOKEN_INVALID: 600100106,
  REFRESH_TOKEN_REUSED: 600100107,
  SESSION_ENDED: 600100108,
  CREDENTIALS_CHANGED: 600100109,
  ACCOUNT_DISABLED: 600101100,
  ACCOUNT_GONE: 600101101,
  SYSTEM_BUSY: 600101102,
  SERVER_ERROR: 600102100,
  DATABASE_ERROR: 600103100,
  MESSAGE_SERVER_ERROR: 600104100,
  DEVICE_OFFLINE: 600400186,
  PHONE_TAKEN: 600600119,
  EMAIL_TAKEN: 600400270,
  ACCOUNT_FORMAT: 600400271,
  NO_PERMISSION: 600400143,
  INVALID_PARAMETER: 600400100,
  DEVICE_LIMIT_REACHED: 600000104,
  BIND_ERROR: 600400277,
  COUNTRY_CODE_INVALID: 600400278,
  UNSUPPORTED_FEATURE: 600400251,
  DISABLE_ROAMING: 600400281,
  // Bind-device codes of §8
  BIND_PASSWORD_EMPTY: 600400176,
  BIND_ACCOUNT_EMPTY: 600400175,
  BIND_MAC_ERROR: 600400125,
  DEVICE_ALREADY_BOUND: 600400178,
  DEVICE_NOT_FOUND: 600400174,
  PRODUCT_NOT_FOUND: 600500125,
  PRODUCT_NOT_USABLE: 600500126,
  // §8 messages without a code in the spec
  ACCOUNT_OR_PASSWORD: 600400101,
  ACCOUNT_EXISTS: 600400102,
  ACCOUNT_NOT_FOUND: 600400103,
  EMAIL_INCORRECT: 600400104,
  MAIL_NOT_CONFIGURED: 600400105,
  LINK_INVALID: 600400106,
  LINK_EXPIRED: 600400107,
  MISSING_PARAMETERS: 600400108,
  DATA_NOT_FOUND: 600400109,
  MAIL_SEND_FAILED: 600400110,
  ROLE_EXISTS: 600400111,
  ROLE_IN_USE: 600400112,
  PROJECT_HAS_DEVICES: 600400113,
  PROJECT_HAS_CHILDREN: 600400114,
  PROJECT_BOUND: 600400115,
  PROJECT_TOO_DEEP: 600400116,
  ROLE_REQUIRED: 600400117,
  PROJECT_IS_DEFAULT: 600400118,
  PROJECT_CYCLE: 600400119,
  WECHAT_NOT_CONFIGURED: 600400120,
  WECHAT_FAILED: 600400121,
  WECHAT_ALREADY_BOUND: 600400122,
  DEVICE_ONLINE: 600400123,
  DEVICE_NOT_ANSWERING: 600400124,
  LOG_DISABLED: 600400126,
  /** an operation's change to a device was replaced by a later one before the device confirmed it */
  CHANGE_SUPERSEDED: 600400127,
  // Upgrade orders (issue 13): §8's upgrade messages without a code in the spec
  FIRMWARE_MODEL_MISMATCH: 600400150,
  UPGRADE_MAX_DEVICES: 600400151,
  UPGRADE_MAX_RETRIES: 600400152,
  DEVICE_NO_UPGRADE: 600400153,
  TIME_NOT_LATER: 600400154,
  TIMED_UPGRADE_TOO_FAR: 600400155,
  TIME_FORMAT_ERROR: 600400156,
  /** §4: records in preparation or upgrading cannot be deleted */
  UPGRADE_RECORD_BUSY: 600400157,
  /** §8 "Unsupported device model": a configuration restored to a device of another model */
  UNSUPPORTED_MODEL: 600400160,
  // Firmware packages (§8 "Upgrade and files")
  UNSUPPORTED_FILE_TYPE: 600400128,
  FILE_EXISTS: 600400129,
  FILE_NOT_FOUND: 600400130,
  /** a package an upgrade order uses cannot be deleted */
  PACKAGE_IN_USE: 600400131,
  /** a configuration template a device or a project uses cannot be deleted (issue 14) */
  TEMPLATE_IN_USE: 600400132,
  /** §8 "Failed to publish system message": an announcement whose posting could not be queued */
  PUBLISH_FAILED: 600400133,
  // Portal authentication (§8 "Authentication")
  POLICY_NAME_EMPTY: 600400200,
  POLICY_EXISTS: 600400201,
  POLICY_NOT_FOUND: 600400202,
  /** a strategy a portal setting uses cannot be deleted */
  POLICY_IN_USE: 600400203,
  PORTAL_NOT_FOUND: 600400204,
  /** §8 "SMS authentication is not enabled": an SMS code asked of a tenant whose SMS method is off */
  SMS_AUTH_DISABLED: 600400205,
  /** §8 "Member authentication is not enabled" */
  MEMBER_AUTH_DISABLED: 600400206,
  /** §8 "Configure Internet access policies": a portal turned on without a strategy */
  CONFIGURE_POLICIES: 600400207,
  GUIDE_ADDRESS_ERROR: 600400208,
  TITLE_OR_PROMPT_INVALID: 600400209,
  /** §8 "File format error (xls only)": a member import that is no .xls workbook */
  FILE_FORMAT_XLS: 600400210,
  /** a picture that is no JPEG, PNG or WebP, is broken, or is over 2 MB or 4096 x 4096 */
  UPLOAD_FORMAT: 600400212,
  /** §8 "Vap radio or radio does not exist": a portal for an SSID the device does not report */
  VAP_NOT_FOUND: 600400211,
  /** a portal page a device's portal shows cannot be deleted (not in §8: docs/decisions.md) */
  PORTAL_IN_USE: 600400213,
} as const

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode]

export interface ErrorDefinition {
  readonly key: string
  readonly http: number
  readonly toast: boolean
  readonly forceLogout: boolean
}

const listed = (key: string, http = 400): ErrorDefinition => ({ key, http, toast: true, forceLogout: false })
const logout = (key: string): ErrorDefinition => ({ key, http: 401, toast: true, forceLogout: true })
const unlisted = (key: string, http = 400): ErrorDefinition => ({
  key,
  http,
  toast: false,
  forceLogout: false,
})

const C = ErrorCode

export const errorCatalogue: Readonly<Record<ErrorCodeValue, ErrorDefinition>> = {
  [C.BAD_REQUEST]: listed('errors.badRequest'),
  [C.MALFORMED_REQUEST]: listed('errors.badRequest'),
  [C.TOO_FREQUENT]: listed('errors.tooFrequent', 429),
  [C.REQUEST_LIMIT_REACHED]: listed('errors.requestLimit', 429),
  [C.LICENSE_INVALID]: listed('errors.license', 403),
  [C.LICENSE_EXPIRED]: listed('errors.license', 403),
  [C.LICENSE_MISSING]: listed('errors.license', 403),
  [C.TOKEN_MISSING]: logout('errors.credentialsExpired'),
  [C.TOKEN_INVALID]: logout('errors.credentialsExpired'),
  [C.TOKEN_EXPIRED]: logout('errors.credentialsExpired'),
  [C.REFRESH_TOKEN_INVALID]: logout('errors.credentialsExpired'),
  [C.REFRESH_TOKEN_REUSED]: logout('errors.credentialsExpired'),
  [C.SESSION_ENDED]: logout('errors.credentialsExpired'),
  [C.CREDENTIALS_CHANGED]: logout('errors.credentialsExpired'),
  [C.ACCOUNT_DISABLED]: logout('errors.accountDisabled'),
  [C.ACCOUNT_GONE]: logout('errors.unauthorized'),
  [C.SYSTEM_BUSY]: listed('errors.systemBusy', 503),
  [C.SERVER_ERROR]: listed('errors.serverError', 500),
  [C.DATABASE_ERROR]: listed('errors.serverError', 500),
  [C.MESSAGE_SERVER_ERROR]: listed('errors.serverError', 500),
  [C.DEVICE_OFFLINE]: listed('errors.deviceOffline'),
  [C.PHONE_TAKEN]: listed('errors.phoneTaken', 409),
  [C.EMAIL_TAKEN]: listed('errors.emailTaken', 409),
  [C.ACCOUNT_FORMAT]: listed('validation.account_tips'),
  [C.NO_PERMISSION]: listed('errors.noPermission', 403),
  [C.INVALID_PARAMETER]: listed('errors.invalidParameter'),
  [C.DEVICE_LIMIT_REACHED]: listed('errors.deviceLimit'),
  [C.BIND_ERROR]: listed('errors.bindError'),
  [C.COUNTRY_CODE_INVALID]: listed('errors.countryCodeInvalid'),
  [C.UNSUPPORTED_FEATURE]: listed('errors.unsupportedFeature'),
  [C.DISABLE_ROAMING]: listed('errors.disableRoaming'),
  [C.BIND_PASSWORD_EMPTY]: unlisted('validation.pwd_empty'),
  [C.BIND_ACCOUNT_EMPTY]: unlisted('validation.account_empty'),
  [C.BIND_MAC_ERROR]: unlisted('errors.macError'),
  [C.DEVICE_ALREADY_BOUND]: unlisted('errors.deviceAlreadyBound', 409),
  [C.DEVICE_NOT_FOUND]: unlisted('errors.deviceNotFound', 404),
  [C.PRODUCT_NOT_FOUND]: unlisted('errors.productNotFound', 404),
  [C.PRODUCT_NOT_USABLE]: unlisted('errors.productNotUsable'),
  [C.ACCOUNT_OR_PASSWORD]: unlisted('errors.accountOrPassword'),
  [C.ACCOUNT_EXISTS]: unlisted('errors.accountExists', 409),
  [C.ACCOUNT_NOT_FOUND]: unlisted('errors.accountNotFound', 404),
  [C.EMAIL_INCORRECT]: unlisted('errors.emailIncorrect'),
  [C.MAIL_NOT_CONFIGURED]: unlisted('errors.mailNotConfigured', 503),
  [C.LINK_INVALID]: unlisted('errors.linkInvalid'),
  [C.LINK_EXPIRED]: unlisted('errors.linkExpired'),
  [C.MISSING_PARAMETERS]: unlisted('errors.missingParameters'),
  [C.DATA_NOT_FOUND]: unlisted('errors.dataNotFound', 404),
  [C.MAIL_SEND_FAILED]: unlisted('errors.mailSendFailed', 502),
  [C.ROLE_EXISTS]: unlisted('errors.roleExists', 409),
  [C.ROLE_IN_USE]: unlisted('errors.roleInUse', 409),
  [C.PROJECT_HAS_DEVICES]: unlisted('errors.projectHasDevices', 409),
  [C.PROJECT_HAS_CHILDREN]: unlisted('errors.projectHasChildren', 409),
  [C.PROJECT_BOUND]: unlisted('errors.projectBound', 409),
  [C.PROJECT_TOO_DEEP]: unlisted('errors.projectTooDeep'),
  [C.ROLE_REQUIRED]: unlisted('errors.roleRequired'),
  [C.PROJECT_IS_DEFAULT]: unlisted('errors.projectIsDefault'),
  [C.PROJECT_CYCLE]: unlisted('errors.projectCycle'),
  [C.WECHAT_NOT_CONFIGURED]: unlisted('errors.wechatNotConfigured', 503),
  [C.WECHAT_FAILED]: unlisted('errors.wechatFailed', 502),
  [C.WECHAT_ALREADY_BOUND]: unlisted('errors.wechatAlreadyBound', 409),
  [C.DEVICE_ONLINE]: unlisted('errors.deviceOnline', 409),
  [C.DEVICE_NOT_ANSWERING]: unlisted('errors.deviceNotAnswering', 504),
  [C.LOG_DISABLED]: unlisted('errors.logDisabled', 409),
  [C.CHANGE_SUPERSEDED]: unlisted('errors.changeSuperseded', 409),
  [C.FIRMWARE_MODEL_MISMATCH]: unlisted('errors.firmwareModelMismatch'),
  [C.UPGRADE_MAX_DEVICES]: unlisted('errors.upgradeMaxDevices'),
  [C.UPGRADE_MAX_RETRIES]: unlisted('errors.upgradeMaxRetries', 409),
  [C.DEVICE_NO_UPGRADE]: unlisted('errors.deviceNoUpgrade'),
  [C.TIME_NOT_LATER]: unlisted('errors.timeNotLater'),
  [C.TIMED_UPGRADE_TOO_FAR]: unlisted('errors.timedUpgradeTooFar'),
  [C.TIME_FORMAT_ERROR]: unlisted('errors.timeFormat'),
  [C.UPGRADE_RECORD_BUSY]: unlisted('errors.upgradeRecordBusy', 409),
  [C.UNSUPPORTED_MODEL]: unlisted('errors.unsupportedModel'),
  [C.UNSUPPORTED_FILE_TYPE]: unlisted('errors.unsupportedFileType', 415),
  [C.FILE_EXISTS]: unlisted('errors.fileExists', 409),
  [C.FILE_NOT_FOUND]: unlisted('errors.fileNotFound', 404),
  [C.PACKAGE_IN_USE]: unlisted('errors.packageInUse', 409),
  [C.POLICY_NAME_EMPTY]: unlisted('errors.policyNameEmpty'),
  [C.POLICY_EXISTS]: unlisted('errors.policyExists', 409),
  [C.POLICY_NOT_FOUND]: unlisted('errors.policyNotFound', 404),
  [C.POLICY_IN_USE]: unlisted('errors.policyInUse', 409),
  [C.PORTAL_NOT_FOUND]: unlisted('errors.portalNotFound', 404),
  [C.SMS_AUTH_DISABLED]: unlisted('errors.smsAuthDisabled', 409),
  [C.MEMBER_AUTH_DISABLED]: unlisted('errors.memberAuthDisabled', 409),
  [C.FILE_FORMAT_XLS]: unlisted('errors.fileFormatXls', 415),
  [C.GUIDE_ADDRESS_ERROR]: unlisted('errors.guideAddressError'),
  [C.TITLE_OR_PROMPT_INVALID]: unlisted('errors.titleOrPromptInvalid'),
  [C.UPLOAD_FORMAT]: unlisted('errors.uploadFormat', 415),
  [C.CONFIGURE_POLICIES]: unlisted('errors.configurePolicies'),
  [C.VAP_NOT_FOUND]: unlisted('errors.vapNotFound', 404),
  [C.PORTAL_IN_USE]: unlisted('errors.portalInUse', 409),
  [C.TEMPLATE_IN_USE]: unlisted('errors.templateInUse', 409),
  [C.PUBLISH_FAILED]: unlisted('errors.publishFailed', 503),
}

export function describeError(code: number): ErrorDefinition | undefined {
  return (errorCatalogue as Record<number, ErrorDefinition>)[code]
}

/** §8 "HTTP status": the tip for a response that carries no envelope code. */
export function httpStatusMessageKey(status: number): string {
  switch (status) {
    case 400:
      return 'errors.badRequest'
    case 401:
      return 'errors.unauthorized'
    case 403:
      return 'errors.accessDenied'
    case 404:
      return 'errors.dataNotFound'
    case 405:
      return 'errors.methodNotAllowed'
    case 408:
    case 504:
      return 'errors.timeout'
    case 429:
      return 'errors.tooFrequent'
    case 500:
    case 501:
      return 'errors.serverError'
    case 502:
      return 'errors.badGateway'
    case 503:
      return 'errors.serviceUnavailable'
    case 505:
      return 'errors.httpVersion'
    default:
      return 'errors.network'
  }
}

/** The envelope every API response is wrapped in (§7). */
export interface Envelope<T = unknown> {
  status: number
  errorCode: number[]
  data: T
}

/**
 * A broken §5 rule answers with its own §8 code where the spec gives one (account format,
 * country code), "missing required parameters" for an empty required field, and
 * "invalid parameter" otherwise.
 */
export function codeForValidationKey(key: string): ErrorCodeValue {
  if (key === 'validation.account_tips') return C.ACCOUNT_FORMAT
  if (key === 'validation.country_code_tips') return C.COUNTRY_CODE_INVALID
  if (key === 'validation.role_required') return C.ROLE_REQUIRED
  if (key === 'validation.upgrade_time_format') return C.TIME_FORMAT_ERROR
  if (key === 'validation.upgrade_time_past') return C.TIME_NOT_LATER
  if (key === 'validation.upgrade_time_8h') return C.TIMED_UPGRADE_TOO_FAR
  if (key === 'validation.upgrade_max_devices') return C.UPGRADE_MAX_DEVICES
  if (key === 'validation.strategy_name_empty') return C.POLICY_NAME_EMPTY
  if (key === 'validation.portal_strategy_empty') return C.CONFIGURE_POLICIES
  if (key === 'validation.portal_target') return C.VAP_NOT_FOUND
  if (key.startsWith('validation.mac_')) return C.BIND_MAC_ERROR
  if (key.endsWith('_empty')) return C.MISSING_PARAMETERS
  return C.INVALID_PARAMETER
}
