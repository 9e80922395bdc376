import { type RequestAbilities, type RequestStatus, STATUS } from '@dd/shared';
import type { Auth } from '../../authz';
import { forbidden } from '../../lib/errors';

/**
 * What a caller may do with a request they can see. Law-firm users (and internal users who are not
 * staff) edit and delete only while the request is still 'Requested By Lawyer'; internal staff always.
 */
export function requestAbilities(auth: Auth, status: RequestStatus): RequestAbilities {
  const internalStaff = auth.isInternal && auth.isStaff;
  const changeable = internalStaff || status === STATUS.requestedByLawyer;
  return {
    can_edit: changeable,
    can_delete: changeable,
    can_add_note: true,
    can_upload_supporting: true,
    is_internal_staff: internalStaff,
  };
}

export function assertCanChangeRequest(auth: Auth, status: RequestStatus): void {
  if (!requestAbilities(auth, status).can_edit) throw forbidden();
}

/** Staff (firm or internal) and internal users may name another main contact; others are the main contact. */
export const canChooseMainContact = (auth: Auth) => auth.isStaff || auth.isInternal;
