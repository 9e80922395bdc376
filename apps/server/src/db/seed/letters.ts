import type { SeedPatient } from './patients';
import type { Letter } from './pdf';
import type { SeedFirm } from './people';
import type { Random } from './random';
import type { PlannedRequest } from './requests';

/** The wording of the demo PDFs: provider records, HIPAA authorizations and intake summaries. */
function usDate(value: Date | string): string {
  const iso = typeof value === 'string' ? value : value.toISOString().slice(0, 10);
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

const VISITS = [
  'Emergency department visit after a motor vehicle collision; cervical strain and contusions diagnosed; discharged with follow-up.',
  'Orthopedic follow-up: persistent lumbar pain radiating to the left leg; MRI ordered; physical therapy recommended.',
  'MRI lumbar spine: L4-L5 disc protrusion with mild foraminal narrowing.',
  'Physical therapy evaluation: reduced range of motion; plan of care twice weekly for eight weeks.',
  'Primary care visit: headaches and sleep disturbance since the accident; referred to neurology.',
  'X-ray right wrist: non-displaced distal radius fracture; splint applied.',
  'Pain management consult: epidural steroid injection discussed and scheduled.',
  'Discharge summary: patient improved; home exercise program and over-the-counter analgesics.',
];

export function recordsLetter(
  rng: Random,
  plan: PlannedRequest,
  internalNumber: string,
  type: string,
  releasedAt: Date,
): Letter {
  const { patient, provider, firm } = plan;
  // A few visits in clinical order, spread across the dates of service.
  const start = new Date(`${plan.values.startDate}T12:00:00Z`).getTime();
  const end = new Date(`${plan.values.endDate}T12:00:00Z`).getTime();
  const picked = rng.shuffle(VISITS.map((_, i) => i)).slice(0, rng.int(2, 4));
  const visits = picked
    .sort((a, b) => a - b)
    .map(
      (v, i) =>
        `${usDate(new Date(start + ((end - start) * i) / Math.max(1, picked.length - 1)))} - ${VISITS[v]}`,
    );
  return {
    title: `${type} - ${patient.fullName}`,
    letterhead: [provider.name, provider.address, 'Health Information Management - Release of Information'],
    heading: type,
    fields: [
      ['Patient', patient.fullName],
      ['Date of birth', usDate(patient.dateOfBirth)],
      ['Dates of service', `${usDate(plan.values.startDate!)} - ${usDate(plan.values.endDate!)}`],
      ['Released to', `Direct Docs on behalf of ${firm.name}`],
      ['Request number', internalNumber],
      ['Date released', usDate(releasedAt)],
    ],
    paragraphs: [
      `Enclosed are the ${type.toLowerCase()} for ${patient.fullName} held by ${provider.name} for the dates of service above, released under the patient's signed authorization.`,
      ...visits,
      'Custodian of records certification: these copies were made in the regular course of business and are true and complete copies of the records held.',
    ],
  };
}

export function hipaaLetter(patient: SeedPatient, firm: SeedFirm, signedAt: Date): Letter {
  return {
    title: `HIPAA Authorization - ${patient.fullName}`,
    letterhead: [firm.name, `${firm.city}, ${firm.state}`, 'Authorization for release of health information'],
    heading: 'Authorization for Release of Protected Health Information',
    fields: [
      ['Patient', patient.fullName],
      ['Date of birth', usDate(patient.dateOfBirth)],
      ['Recipients', `${firm.name} and Direct Docs`],
      ['Purpose', 'Legal representation'],
      ['Expires', 'One year from the date signed'],
      ['Signed', usDate(signedAt)],
    ],
    paragraphs: [
      'I authorize any physician, hospital, clinic or other healthcare provider to release complete copies of my medical and billing records, including imaging, to the recipients named above.',
      'I understand that I may revoke this authorization in writing at any time, except to the extent that action has already been taken in reliance on it. A copy of this authorization is as valid as the original.',
      `Signature: /s/ ${patient.fullName}`,
    ],
  };
}

export function intakeLetter(plan: PlannedRequest): Letter {
  const { patient, firm, provider } = plan;
  return {
    title: `Intake summary - ${patient.fullName}`,
    letterhead: [firm.name, `${firm.city}, ${firm.state}`, 'Client intake'],
    heading: 'Client Intake Summary',
    fields: [
      ['Client', patient.fullName],
      ['Date of birth', usDate(patient.dateOfBirth)],
      ['Date of incident', usDate(plan.values.startDate!)],
      ['Treating provider', provider.name],
      ['Attorney', firm.attorney.fullName],
    ],
    paragraphs: [
      'Client reports treatment after the incident at the provider listed above. Please request all records, imaging and itemized billing for the dates of service.',
    ],
  };
}
