/**
 * The back office's table from failures to reply codes (ADR 027: mapped in one place): the
 * boarding client's typed errors, then the lane's own (LaneError). The field the service or the
 * client blamed (`merchant.demographic.businessPhone`) is the reply's `field`, which is the
 * form's own path since the contract keeps the wire's names.
 */
import {
  BoardingApiError,
  BoardingAuthenticationError,
  BoardingError,
  BoardingRuleError,
  BoardingTransportError,
  BoardingValidationError,
} from './boarding/errors';
import type { CommandError } from '../lane/ipc/contract/replies';
import { commandErrorOf } from '../lane/ipc/errors';
import { requiredFieldsAnswerWords } from './required-fields';
import { HubError } from './hub-client';
import { TerminalSiteError } from './terminal-access';

/** The reply for an expected failure; undefined for a bug (the dispatcher logs it with a reference). */
export function backofficeErrorOf(error: unknown): CommandError | undefined {
  if (error instanceof BoardingValidationError)
    return { code: 'invalid_argument', field: error.field, message: error.message };
  if (error instanceof BoardingRuleError)
    return { code: 'failed_precondition', message: `Refused before sending: ${error.message}` };
  if (error instanceof BoardingAuthenticationError)
    return {
      code: 'failed_precondition',
      field: 'credentials',
      message: `The boarding service refused the API credentials: enter them again (${error.message})`,
    };
  if (error instanceof BoardingTransportError)
    return { code: 'failed_precondition', message: `The boarding service could not be reached: ${error.message}` };
  if (error instanceof BoardingApiError) {
    const field = error.field;
    const code =
      error.status !== undefined && error.status >= 400 && error.status < 500 && field
        ? 'invalid_argument'
        : 'failed_precondition';
    // The service's "required custom field" answer (1250) in the owner's words, not the wire's.
    const message = requiredFieldsAnswerWords(error.errors) ?? error.message;
    return field ? { code, field, message } : { code, message };
  }
  if (error instanceof BoardingError) return { code: 'failed_precondition', message: error.message };
  if (error instanceof HubError) return hubErrorOf(error);
  if (error instanceof TerminalSiteError) return terminalSiteErrorOf(error);
  return commandErrorOf(error);
}

/** The hub client's failures: the admin key names its field; a hub that did not answer is `unavailable`. */
function hubErrorOf(error: HubError): CommandError {
  switch (error.kind) {
    case 'refused-key':
      return { code: 'failed_precondition', field: 'adminKey', message: error.message };
    case 'unreachable':
      return { code: 'unavailable', message: error.message };
    case 'refused':
      return { code: 'invalid_argument', message: error.message };
    default:
      return { code: 'failed_precondition', message: error.message };
  }
}

/** The Terminal API's failures: a refused key names its field; a service that did not answer is `unavailable`. */
function terminalSiteErrorOf(error: TerminalSiteError): CommandError {
  switch (error.kind) {
    case 'refused-key':
      return { code: 'failed_precondition', field: 'apiKey', message: error.message };
    case 'unreachable':
      return { code: 'unavailable', message: error.message };
    default:
      return { code: 'failed_precondition', message: error.message };
  }
}
