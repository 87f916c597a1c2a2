import { isApiError } from '../../shared/api'
import { translateKey } from '../../shared/i18n/i18n'
import { toast } from '../../shared/ui/feedback'

/**
 * A refusal the API client did not show (an unlisted §8 code, such as "Unsupported device
 * model"), toasted in the user's language; one it showed already is left alone.
 */
export function tellFailure(error: unknown): void {
  if (isApiError(error) && !error.shown) void toast.error(translateKey(error.messageKey))
  else if (!isApiError(error)) throw error
}
