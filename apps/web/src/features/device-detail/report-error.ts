import { isApiError } from '../../shared/api'
import { translateKey } from '../../shared/i18n/i18n'
import { toast } from '../../shared/ui/feedback'

/** Says why a call failed, unless the API client has already said it (a listed §8 code). */
export function reportError(error: unknown): void {
  if (isApiError(error) && !error.shown) void toast.error(translateKey(error.messageKey))
}
