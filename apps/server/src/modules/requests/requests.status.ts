import { backToRequestedMessage, normalizeStatus, type RequestListItem, STATUS } from '@dd/shared';
import type { AppDeps } from '../../app-types';
import type { Auth } from '../../authz';
import { authorize } from '../../authz/policy';
import { badRequest } from '../../lib/errors';
import type { FollowUpSettings } from '../notes/notes.reminders';
import { addNote } from '../notes/notes.service';
import type { RecordsDeps } from '../recordspackage/package.unlock';
import { actionForStatus } from '../staffwork/staffwork.status';
import { unsafeRequestRowsByIds, withRelated } from './requests.queries';

export const statusChangeNoteText = (status: string) => `Status changed to ${status}.`;

/**
 * POST /api/home/request/{id}/ with {status} (staff spec section 7): the staff action the status stands
 * for (first send, cancel, send to the law firm), or else a status note like the note form's, so the
 * spec's call runs the same code, e-mails and checks as the screens (docs/decisions/020). Going back to
 * 'Requested By Lawyer' is the firm's resubmit, not a staff status.
 */
export async function changeStatusBySpecCall(
  deps: Pick<AppDeps, 'db' | 'mail'> & FollowUpSettings & { records?: RecordsDeps },
  auth: Auth,
  id: number,
  value: string,
): Promise<RequestListItem> {
  authorize(auth, 'request.staffWork');
  const status = normalizeStatus(value);
  if (status === STATUS.requestedByLawyer) {
    throw badRequest(backToRequestedMessage, { status: backToRequestedMessage });
  }
  const action = actionForStatus(status);
  if (action) await action(deps, auth, id);
  else await addNote(deps, auth, { request: id, text: statusChangeNoteText(value), update_status: value });
  const rows = await unsafeRequestRowsByIds(deps.db, [id]);
  const [result] = await withRelated(deps.db, rows, new Set(['working_on'] as const));
  return result;
}
