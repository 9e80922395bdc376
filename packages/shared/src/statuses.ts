/** Request statuses: the one list every screen, query and rule reads. */
export const REQUEST_STATUSES = [
  'Requested By Lawyer',
  'Sent the Initial Medical Records Request',
  'In Contact With Provider',
  'Provider Is Sending Documents',
  'Need Assistance',
  'Waiting for Direct Docs Response',
  'Waiting for Fee Approval',
  'Request Rejected',
  'No Records Found',
  'Completed - Documents Arrived',
  'Completed - No Documents Available',
  'Closed - Documents Arrived',
  'Closed - No Documents Available',
  'Closed - Originally no document found/now document arrived',
  'Closed - Cancelled Request',
] as const;

export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const STATUS = {
  requestedByLawyer: 'Requested By Lawyer',
  initialRequestSent: 'Sent the Initial Medical Records Request',
  inContact: 'In Contact With Provider',
  documentsEnRoute: 'Provider Is Sending Documents',
  needAssistance: 'Need Assistance',
  waitingForDirectDocs: 'Waiting for Direct Docs Response',
  waitingForFeeApproval: 'Waiting for Fee Approval',
  requestRejected: 'Request Rejected',
  noRecordsFound: 'No Records Found',
  completedArrived: 'Completed - Documents Arrived',
  completedUnavailable: 'Completed - No Documents Available',
  closedArrived: 'Closed - Documents Arrived',
  closedUnavailable: 'Closed - No Documents Available',
  closedOriginallyNone: 'Closed - Originally no document found/now document arrived',
  cancelled: 'Closed - Cancelled Request',
} as const satisfies Record<string, RequestStatus>;

/** Other names the spec uses for the same statuses, so old links and filters keep working. */
export const STATUS_ALIASES: Record<string, RequestStatus> = {
  'Requested By Attorney': STATUS.requestedByLawyer,
  'Medical Records Request Sent': STATUS.initialRequestSent,
  'Initial Request Sent': STATUS.initialRequestSent,
  'Documents en Route': STATUS.documentsEnRoute,
};

export function normalizeStatus(value: string): RequestStatus | undefined {
  if ((REQUEST_STATUSES as readonly string[]).includes(value)) return value as RequestStatus;
  return STATUS_ALIASES[value];
}

export const STATUS_GROUPS = {
  Open: 'All Open',
  Closed: 'All Closed',
} as const;
export type StatusGroup = keyof typeof STATUS_GROUPS;

/**
 * Completed and closed statuses end the work on a request, and so does 'No Records Found' (an outcome the
 * provider certifies, decision 058); everything else is open.
 */
export function isOpenStatus(status: RequestStatus): boolean {
  return !status.startsWith('Completed') && !status.startsWith('Closed') && status !== 'No Records Found';
}

/** Which finish date a status stamps: completed (records or a certified outcome), closed, or none. */
export function finishKind(status: RequestStatus): 'completed' | 'closed' | null {
  if (status.startsWith('Completed') || status === 'No Records Found') return 'completed';
  return status.startsWith('Closed') ? 'closed' : null;
}

export const OPEN_STATUSES = REQUEST_STATUSES.filter(isOpenStatus);
export const CLOSED_STATUSES = REQUEST_STATUSES.filter((s) => !isOpenStatus(s));

/**
 * Statuses staff may set from a note: 'In Contact With Provider' down to the last closed status, except
 * 'Waiting for Fee Approval', which only a provider charge over the firm's limit starts (fees/approval.ts),
 * and the provider's outcomes, which are staff actions with a reason or a certification (outcomes.ts).
 */
export const STAFF_NOTE_STATUSES = REQUEST_STATUSES.slice(REQUEST_STATUSES.indexOf(STATUS.inContact)).filter(
  (s) => s !== STATUS.waitingForFeeApproval && s !== STATUS.requestRejected && s !== STATUS.noRecordsFound,
);

/**
 * The request waits on the law firm (a question, a missing authorization, a fee to approve, the fix of a
 * request the provider rejected): the legal clock and the follow-ups to the provider stand still until
 * the next status.
 */
export const WAITING_ON_FIRM_STATUSES: readonly RequestStatus[] = [
  STATUS.needAssistance,
  STATUS.waitingForFeeApproval,
  STATUS.requestRejected,
];
export const isWaitingOnFirm = (status: RequestStatus) => WAITING_ON_FIRM_STATUSES.includes(status);

/**
 * A firm's note asks Direct Docs to answer ('Waiting for Direct Docs Response'), except while the request
 * waits on an answer only the firm's own action gives: a fee to approve, or the fix of a rejected request
 * that staff then resend. The note is kept; the status stays. What the note form tells the firm, by status.
 */
export const FIRM_NOTE_KEEPS_STATUS = {
  [STATUS.waitingForFeeApproval]:
    'Adding a note lets Direct Docs know; the request keeps waiting for your answer on the fee.',
  [STATUS.requestRejected]:
    'Adding a note lets Direct Docs know; the request stays rejected until the fix is made and Direct Docs sends it again.',
} as const satisfies Partial<Record<RequestStatus, string>>;

export const firmNoteKeepsStatus = (status: string): boolean => Object.hasOwn(FIRM_NOTE_KEEPS_STATUS, status);

/**
 * Statuses a request only reaches once the provider was written to. A request waits for its first e-mail
 * to the provider while it is 'Requested By Lawyer', or while it is held by a question ('Need Assistance',
 * 'Waiting for Direct Docs Response') and no note since its last (re)submission records one of these.
 */
export const PROVIDER_REACHED_STATUSES: readonly RequestStatus[] = REQUEST_STATUSES.filter(
  (s) =>
    s !== STATUS.requestedByLawyer &&
    s !== STATUS.needAssistance &&
    s !== STATUS.waitingForDirectDocs &&
    s !== STATUS.cancelled,
);

/** Statuses that can still be waiting for the first send, depending on what the notes record. */
export const FIRST_SEND_HOLD_STATUSES: readonly RequestStatus[] = [
  STATUS.needAssistance,
  STATUS.waitingForDirectDocs,
];
