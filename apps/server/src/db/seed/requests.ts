import {
  CERTIFICATION_REQUEST_TYPE,
  type Cents,
  cents,
  isOpenStatus,
  joinRequestTypes,
  REQUEST_STATUSES,
  type RequestStatus,
  requestPrice,
  STATUS,
} from '@dd/shared';
import type { Tx } from '../client';
import { type requests, requestTypeChoices, requestTypes } from '../schema';
import type { SeedPatient } from './patients';
import type { SeedFirm, SeedOrg, SeedUser } from './people';
import type { SeedProvider } from './providers';
import { addDays, addHours, earliest, isoDate, type Random } from './random';
import { buildTimeline, type Timeline } from './timeline';

/** Plans about two hundred requests over every status, oldest first, so internal numbers follow creation. */
export const REQUEST_TYPE_NAMES = [
  'Medical Records',
  'Billing Records',
  'Radiology Images',
  'Pathology',
  CERTIFICATION_REQUEST_TYPE,
  'Itemized Billing',
  'Mental Health Records',
  'Pharmacy Records',
  'Physical Therapy Records',
];

const STATUS_COUNTS = {
  'Requested By Lawyer': 22,
  'Sent the Initial Medical Records Request': 22,
  'In Contact With Provider': 28,
  'Provider Is Sending Documents': 16,
  'Need Assistance': 10,
  'Waiting for Direct Docs Response': 10,
  // None planned: fee-approvals.ts moves two of the Jones firm's requests there, with their approvals.
  'Waiting for Fee Approval': 0,
  // None planned: the provider's outcomes come with a reason or a certification (decision 058).
  'Request Rejected': 0,
  'No Records Found': 0,
  'Completed - Documents Arrived': 36,
  'Completed - No Documents Available': 10,
  'Closed - Documents Arrived': 24,
  'Closed - No Documents Available': 8,
  'Closed - Originally no document found/now document arrived': 5,
  'Closed - Cancelled Request': 9,
} satisfies Record<RequestStatus, number>;

/** Age in days of a request in each status. */
const AGE_DAYS = {
  'Requested By Lawyer': [0, 6],
  'Sent the Initial Medical Records Request': [1, 20],
  'In Contact With Provider': [4, 60],
  'Provider Is Sending Documents': [10, 75],
  'Need Assistance': [6, 50],
  'Waiting for Direct Docs Response': [8, 55],
  'Waiting for Fee Approval': [10, 60],
  'Request Rejected': [10, 60],
  'No Records Found': [20, 240],
  'Completed - Documents Arrived': [20, 240],
  'Completed - No Documents Available': [20, 240],
  'Closed - Documents Arrived': [30, 300],
  'Closed - No Documents Available': [30, 300],
  'Closed - Originally no document found/now document arrived': [40, 300],
  'Closed - Cancelled Request': [3, 200],
} satisfies Record<RequestStatus, [number, number]>;

const INSTRUCTIONS = [
  'Please include all imaging reports and radiology films.',
  'Request itemized bills with CPT codes.',
  'Include ER records and ambulance run sheets if available.',
  'Client was also seen at the outpatient clinic; include those visits.',
];

export interface PlannedRequest {
  values: typeof requests.$inferInsert;
  firm: SeedFirm;
  patient: SeedPatient;
  provider: SeedProvider;
  paralegal: SeedUser;
  /** Author of staff notes, uploads and verifications. */
  worker: SeedUser;
  types: string[];
  timeline: Timeline;
}

/** Skewed pick: earlier items come up more often, as busy providers and long-running cases do. */
function skewed<T>(rng: Random, items: readonly T[]): T {
  return items[Math.floor(rng.next() ** 1.6 * items.length)];
}

/** What the provider charged for copies; now and then large enough to trigger the automatic surcharge. */
function copyFee(rng: Random): Cents {
  return rng.chance(0.2) ? rng.money(100, 420) : rng.money(6.5, 95);
}

function pickTypes(rng: Random): string[] {
  if (rng.chance(0.05)) return [CERTIFICATION_REQUEST_TYPE];
  const others = REQUEST_TYPE_NAMES.filter(
    (t) => t !== 'Medical Records' && t !== CERTIFICATION_REQUEST_TYPE,
  );
  const chosen = new Set([rng.chance(0.75) ? 'Medical Records' : rng.pick(others)]);
  if (rng.chance(0.45)) chosen.add(rng.pick(others));
  if (rng.chance(0.1)) chosen.add(rng.pick(others));
  return REQUEST_TYPE_NAMES.filter((t) => chosen.has(t));
}

export function planRequests(
  rng: Random,
  now: Date,
  ctx: { org: SeedOrg; patients: SeedPatient[]; providers: SeedProvider[] },
): PlannedRequest[] {
  const statuses = rng.shuffle(
    REQUEST_STATUSES.flatMap((s) => Array<RequestStatus>(STATUS_COUNTS[s]).fill(s)),
  );
  const planned = statuses.map((status): PlannedRequest => {
    const firm = ctx.org.firms[rng.chance(0.55) ? 0 : 1];
    const patient = skewed(
      rng,
      ctx.patients.filter((p) => p.firm.id === firm.id),
    );
    // Staff verify a provider a firm added before the first send, so only fresh requests still use one.
    const verified = ctx.providers.filter((p) => p.verified);
    const added = ctx.providers.filter((p) => !p.verified);
    const local = verified.filter((p) => p.state === firm.state);
    const provider =
      status === STATUS.requestedByLawyer && added.length > 0 && rng.chance(0.25)
        ? rng.pick(added)
        : rng.chance(0.85)
          ? skewed(rng, local)
          : rng.pick(verified);
    const [minAge, maxAge] = AGE_DAYS[status];
    const age = rng.int(minAge, maxAge);
    const createdAt =
      age === 0 ? addHours(now, -rng.int(1, 20)) : addHours(addDays(now, -age), -rng.int(0, 23));
    const timeline = buildTimeline(rng, { status, createdAt, now, provider: provider.name });
    const types = pickTypes(rng);
    const rush = rng.chance(0.15);
    const paralegal = rng.pick(firm.paralegals);
    const claimed =
      status === STATUS.requestedByLawyer ? rng.chance(0.1) : rng.chance(isOpenStatus(status) ? 0.65 : 0.85);
    const claimant = claimed ? skewed(rng, ctx.org.staff.slice(1).concat(ctx.org.admin)) : null;
    const received = timeline.receivedAt !== null;
    const injury = addDays(createdAt, -rng.int(60, 900));
    const treatmentEnd = earliest(addDays(injury, rng.int(14, 400)), addDays(createdAt, -1));
    const firstDownload =
      received && rng.chance(0.8)
        ? earliest(addHours(timeline.receivedAt!, rng.int(1, 96)), addHours(now, -1))
        : null;
    const instructions = rng.chance(0.25)
      ? patient.maidenName && rng.chance(0.5)
        ? `Client may be listed under maiden name ${patient.maidenName}.`
        : rng.pick(INSTRUCTIONS)
      : null;
    return {
      firm,
      patient,
      provider,
      paralegal,
      worker: claimant ?? rng.pick(ctx.org.staff),
      types,
      timeline,
      values: {
        status,
        // The text copy of the choices insertRequestTypeChoices writes (docs/decisions/018).
        requestType: joinRequestTypes(types),
        rush,
        startDate: isoDate(injury),
        endDate: isoDate(treatmentEnd),
        specialInstructions:
          rush && rng.chance(0.5) ? 'Trial date approaching, please expedite.' : instructions,
        hipaaConsentUrl: patient.hipaaConsentUrl,
        attorneyName: firm.attorney.fullName,
        price: requestPrice({ companyPrice: firm.requestPrice, rush, requestTypes: types }),
        providerCost: received && rng.chance(0.65) ? copyFee(rng) : cents(0),
        pageFee: received && rng.chance(0.35) ? rng.money(2, 25) : cents(0),
        requisitionId:
          REQUEST_STATUSES.indexOf(status) >= 2 && rng.chance(0.35) ? `RQ-${rng.int(100000, 999999)}` : null,
        archived: status.startsWith('Closed') && rng.chance(0.4),
        newProvider: !provider.verified,
        nextTodoDate: timeline.nextTodoDate,
        followUpDate: timeline.followUpDate,
        receivedDocumentAt: timeline.receivedAt,
        firstDownloadedAt: firstDownload,
        patientId: patient.id,
        providerId: provider.id,
        userId: paralegal.id,
        requesterId: rng.chance(0.7) ? paralegal.id : rng.pick(firm.paralegals).id,
        companyId: firm.id,
        workingOnId: claimant?.id ?? null,
        createdAt,
        completedDate: timeline.completedAt,
        closedDate: timeline.closedAt,
      },
    };
  });
  return planned.sort((a, b) => a.values.createdAt!.getTime() - b.values.createdAt!.getTime());
}

/** Each inserted request's request_type_choices rows, in its plan's order. */
export async function insertRequestTypeChoices(
  tx: Tx,
  inserted: readonly { id: number; plan: PlannedRequest }[],
): Promise<void> {
  const ids = new Map(
    (await tx.select({ id: requestTypes.id, name: requestTypes.name }).from(requestTypes)).map((t) => [
      t.name,
      t.id,
    ]),
  );
  const rows = inserted.flatMap(({ id, plan }) =>
    plan.types.map((name, position) => ({
      requestId: id,
      companyId: plan.firm.id,
      requestTypeId: ids.get(name)!,
      position,
    })),
  );
  for (let i = 0; i < rows.length; i += 1000)
    await tx.insert(requestTypeChoices).values(rows.slice(i, i + 1000));
}
