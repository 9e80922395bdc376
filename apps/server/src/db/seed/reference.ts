import type { Tx } from '../client';
import { diskUsage, noteTemplates, priceSettings, requestTypes } from '../schema';
import { DEMO_FEES } from './billing';
import { addDays } from './random';
import { REQUEST_TYPE_NAMES } from './requests';

/** Reference data: request types, note templates, fee settings and disk snapshots. */
const NOTE_TEMPLATES = [
  {
    name: 'Initial request sent',
    description: 'After the first request goes to the provider',
    text: 'Sent the Initial Medical Records Request to the provider by fax and e-mail with the signed HIPAA authorization.',
  },
  {
    name: 'Voicemail follow-up',
    description: 'No answer from the records department',
    text: "Left a voicemail with the provider's medical records department asking for a status update; will follow up in three business days.",
  },
  {
    name: 'Copy fee paid',
    description: 'Provider invoiced for copies',
    text: 'The provider invoiced a copy fee; payment submitted. Records expected within 7 to 10 business days.',
  },
  {
    name: 'No records on file',
    description: 'Provider has nothing for the dates of service',
    text: 'The provider confirmed there are no records for this patient for the requested dates of service; a certification of no records was requested.',
  },
];

const GB = 1_000_000_000;

export async function insertReferenceData(tx: Tx, now: Date): Promise<void> {
  await tx.insert(requestTypes).values(REQUEST_TYPE_NAMES.map((name) => ({ name })));
  await tx.insert(noteTemplates).values(NOTE_TEMPLATES);
  await tx
    .insert(priceSettings)
    .values({ id: 1, ...DEMO_FEES })
    .onConflictDoUpdate({ target: priceSettings.id, set: DEMO_FEES });
  await tx.insert(diskUsage).values(
    [
      [-60, 171.2],
      [-30, 182.4],
      [-7, 190.1],
      [0, 197.6],
    ].map(([days, usedGb]) => ({
      total: 500 * GB,
      used: Math.round(usedGb * GB),
      free: Math.round((500 - usedGb) * GB),
      createdAt: addDays(now, days),
    })),
  );
}
