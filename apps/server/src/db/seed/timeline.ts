import {
  addBusinessDays,
  DEFAULT_FOLLOW_UP_BUSINESS_DAYS,
  isOpenStatus,
  type RequestStatus,
  STATUS,
} from '@dd/shared';
import { addDays, addHours, earliest, isoDate, type Random } from './random';

/** The story of one request: the notes that moved it to its status, with realistic timing and reminders. */
interface PlannedNote {
  text: string;
  updateStatus: RequestStatus;
  previousStatus: RequestStatus;
  by: 'staff' | 'firm';
  createdAt: Date;
  reminderDate: string | null;
}

export interface Timeline {
  notes: PlannedNote[];
  completedAt: Date | null;
  closedAt: Date | null;
  /** When the documents went to the law firm. */
  receivedAt: Date | null;
  nextTodoDate: string | null;
  followUpDate: string | null;
}

type StepKey =
  | 'initial'
  | 'contact'
  | 'enRoute'
  | 'assist'
  | 'waiting'
  | 'sent'
  | 'noDocs'
  | 'close'
  | 'found'
  | 'cancel';
const STEPS: Record<
  StepKey,
  { to: RequestStatus; by: 'staff' | 'firm'; text: (provider: string) => string }
> = {
  initial: {
    to: STATUS.initialRequestSent,
    by: 'staff',
    text: () => 'Sent the Initial Medical Records Request',
  },
  contact: {
    to: STATUS.inContact,
    by: 'staff',
    text: (p) =>
      `Spoke with the ${p} records department; they confirmed receipt and are processing the request.`,
  },
  enRoute: {
    to: STATUS.documentsEnRoute,
    by: 'staff',
    text: (p) => `${p} released the records; they are being sent through their secure portal.`,
  },
  assist: {
    to: STATUS.needAssistance,
    by: 'staff',
    text: (p) =>
      `${p} requires a HIPAA authorization signed within the last 90 days. Please upload a new one.`,
  },
  waiting: {
    to: STATUS.waitingForDirectDocs,
    by: 'firm',
    text: () => 'Uploaded a newly signed HIPAA authorization. Please resend it to the provider.',
  },
  sent: { to: STATUS.completedArrived, by: 'staff', text: () => 'Documents Sent To Law Firm' },
  noDocs: {
    to: STATUS.completedUnavailable,
    by: 'staff',
    text: (p) => `${p} certified that no records exist for this patient in the requested date range.`,
  },
  close: {
    to: STATUS.closedArrived,
    by: 'staff',
    text: () => 'Law firm confirmed receipt. Closing the request.',
  },
  found: {
    to: STATUS.closedOriginallyNone,
    by: 'staff',
    text: (p) => `${p} located records after the original search; documents sent to the law firm.`,
  },
  cancel: { to: STATUS.cancelled, by: 'staff', text: () => 'Request is Cancelled' },
};

const PATHS = {
  'Requested By Lawyer': [],
  'Sent the Initial Medical Records Request': ['initial'],
  'In Contact With Provider': ['initial', 'contact'],
  'Provider Is Sending Documents': ['initial', 'contact', 'enRoute'],
  'Need Assistance': ['initial', 'contact', 'assist'],
  'Waiting for Direct Docs Response': ['initial', 'contact', 'assist', 'waiting'],
  'Waiting for Fee Approval': ['initial', 'contact'],
  'Request Rejected': ['initial', 'contact'],
  'No Records Found': ['initial', 'contact'],
  'Completed - Documents Arrived': ['initial', 'contact', 'enRoute', 'sent'],
  'Completed - No Documents Available': ['initial', 'contact', 'noDocs'],
  'Closed - Documents Arrived': ['initial', 'contact', 'enRoute', 'sent', 'close'],
  'Closed - No Documents Available': ['initial', 'contact', 'noDocs', 'close'],
  'Closed - Originally no document found/now document arrived': ['initial', 'contact', 'noDocs', 'found'],
  'Closed - Cancelled Request': ['initial', 'cancel'],
} satisfies Record<RequestStatus, StepKey[]>;

const FOLLOW_UPS = [
  (p: string) => `Left a voicemail with ${p} medical records; will follow up.`,
  (p: string) => `Re-faxed the request and authorization to ${p}.`,
  (p: string) => `${p} quoted a copy fee; payment submitted by card.`,
  () => 'Checked the provider portal; request still shows as in process.',
  () => 'Provider asked for the date range to be confirmed; confirmed by e-mail.',
];

export function buildTimeline(
  rng: Random,
  input: { status: RequestStatus; createdAt: Date; now: Date; provider: string },
): Timeline {
  const { status, createdAt, now, provider } = input;
  const path: StepKey[] = PATHS[status];
  const timeline: Timeline = {
    notes: [],
    completedAt: null,
    closedAt: null,
    receivedAt: null,
    nextTodoDate: null,
    followUpDate: null,
  };
  // An order nobody has touched yet is due from the day it was placed (notes.reminders.ts).
  if (path.length === 0) {
    timeline.followUpDate = timeline.nextTodoDate = isoDate(createdAt);
    return timeline;
  }

  // When the last step happened: completion after a realistic turnaround, closing a few days later.
  const completionIndex = path.findIndex((k) => STEPS[k].to.startsWith('Completed'));
  const span = now.getTime() - createdAt.getTime();
  const lastOpen = new Date(createdAt.getTime() + span * (0.55 + rng.next() * 0.4));
  const completion =
    completionIndex < 0 ? null : earliest(addDays(createdAt, rng.int(6, 45)), addDays(now, -1 - rng.next()));
  const times: Date[] = [];
  const spreadEnd = completion ?? lastOpen;
  const first = earliest(addHours(createdAt, rng.int(1, 20)), spreadEnd);
  const spreadSteps = completionIndex < 0 ? path.length : completionIndex + 1;
  for (let k = 0; k < spreadSteps; k++) {
    const fraction = spreadSteps === 1 ? 0 : k / (spreadSteps - 1);
    times.push(new Date(first.getTime() + Math.max(0, spreadEnd.getTime() - first.getTime()) * fraction));
  }
  for (let k = spreadSteps; k < path.length; k++) {
    times.push(earliest(addDays(times[k - 1], rng.int(1, 12)), addHours(now, -rng.int(1, 6))));
  }

  let current: RequestStatus = STATUS.requestedByLawyer;
  path.forEach((key, k) => {
    const step = STEPS[key];
    if (k > 0 && rng.chance(0.4)) {
      const at = new Date((times[k - 1].getTime() + times[k].getTime()) / 2);
      const text = rng.pick(FOLLOW_UPS)(provider);
      timeline.notes.push({
        text,
        updateStatus: current,
        previousStatus: current,
        by: 'staff',
        createdAt: at,
        reminderDate: null,
      });
    }
    timeline.notes.push({
      text: step.text(provider),
      updateStatus: step.to,
      previousStatus: current,
      by: step.by,
      createdAt: times[k],
      reminderDate: null,
    });
    if (step.to.startsWith('Completed')) timeline.completedAt = times[k];
    if (step.to.startsWith('Closed')) timeline.closedAt = times[k];
    if (key === 'sent' || key === 'found') timeline.receivedAt = times[k];
    current = step.to;
  });

  // Only staff set reminders (the firm's note form has no reminder field), on their latest note.
  const lastStaffNote = [...timeline.notes].reverse().find((n) => n.by === 'staff');
  if (isOpenStatus(status) && lastStaffNote) {
    lastStaffNote.reminderDate = pickReminder(rng, lastStaffNote.createdAt, now);
  }
  // Open requests follow the product's rules: a reminder replaces the follow-up; otherwise the last staff
  // note scheduled one, and a firm's note made the request due at once.
  const last = timeline.notes.at(-1);
  if (isOpenStatus(status) && last && !last.reminderDate) {
    timeline.followUpDate =
      last.by === 'staff'
        ? addBusinessDays(isoDate(last.createdAt), DEFAULT_FOLLOW_UP_BUSINESS_DAYS)
        : isoDate(last.createdAt);
  }
  const dates = [lastStaffNote?.reminderDate, timeline.followUpDate].filter((d): d is string => Boolean(d));
  timeline.nextTodoDate = isOpenStatus(status) && dates.length ? dates.sort()[0] : null;
  return timeline;
}

/** Today, overdue (between the note and yesterday), upcoming, or none. */
function pickReminder(rng: Random, noteAt: Date, now: Date): string | null {
  const roll = rng.next();
  const today = isoDate(now);
  if (roll < 0.25) return today;
  if (roll < 0.55) {
    const days = Math.floor((now.getTime() - noteAt.getTime()) / 86_400_000);
    return days < 1 ? today : isoDate(addDays(now, -rng.int(1, Math.min(days, 12))));
  }
  if (roll < 0.9) return isoDate(addDays(now, rng.int(1, 14)));
  return null;
}
