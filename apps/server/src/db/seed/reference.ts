import type { Tx } from '../client';
import {
  diskUsage,
  noteTemplates,
  priceSettings,
  requestTypes,
  type WebsiteComponentProp,
  type WebsitePropType,
  websiteComponents,
} from '../schema';
import { DEMO_FEES } from './billing';
import { addDays } from './random';
import { REQUEST_TYPE_NAMES } from './requests';

/** Reference data: request types, note templates, fee settings, disk snapshots and page-builder components. */
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

const prop = (name: string, type: WebsitePropType, value?: string | number): WebsiteComponentProp => ({
  name,
  label: name.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase()),
  type,
  ...(value === undefined ? {} : { default: value }),
});
const title = (value: string) => prop('title', 'text', value);
const button = [prop('buttonText', 'text', 'Get Started'), prop('buttonLink', 'link', '/contact-us/')];

/** Editable properties per component type; every instance also carries its order on the page. */
const COMPONENTS: Record<string, WebsiteComponentProp[]> = {
  Paragraph: [prop('text', 'richtext', ''), prop('textColor', 'color', '#1f2937')],
  Header: [title('Direct Docs'), prop('subtitle', 'text'), prop('backgroundImage', 'image')],
  TopContent: [
    title('Medical records, retrieved for you'),
    prop(
      'subtitle',
      'textarea',
      'We request, track and deliver medical records so your team can focus on the case.',
    ),
    ...button,
    prop('image', 'image'),
    prop('backgroundColor', 'color', '#0b3d91'),
  ],
  FeaturesList: [
    title('Why firms choose us'),
    prop('features', 'list', 'HIPAA-minded handling,Real-time status,"Rush requests, same day"'),
  ],
  CTA1: [
    title('Ready to order records?'),
    prop('text', 'textarea'),
    ...button,
    prop('backgroundColor', 'color', '#f59e0b'),
  ],
  MiddleContent: [
    title(''),
    prop('text', 'textarea'),
    prop('image', 'image'),
    prop('imageSide', 'text', 'right'),
  ],
  Customers: [title('Trusted by law firms'), prop('logos', 'list'), prop('names', 'list')],
  MiddleContent2: [
    title(''),
    prop('text', 'textarea'),
    prop('image', 'image'),
    prop('backgroundColor', 'color', '#f3f4f6'),
  ],
  Service: [title(''), prop('text', 'textarea'), prop('image', 'image'), prop('link', 'link')],
  BottomContent: [title(''), prop('text', 'textarea'), prop('image', 'image')],
  BottomCTA: [
    title('Start your first request today'),
    ...button,
    prop('backgroundColor', 'color', '#0b3d91'),
  ],
  AboutCTA: [title('About Direct Docs'), prop('text', 'textarea'), ...button, prop('image', 'image')],
  StatList: [
    title(''),
    prop('values', 'list', '3 weeks,40+ providers,24/7'),
    prop('labels', 'list', 'Average turnaround,Provider network,Online status'),
  ],
  ServicesList: [
    title('Our services'),
    prop('services', 'list', 'Medical Records,Billing Records,Radiology Images'),
    prop('descriptions', 'list'),
  ],
  ContactForm: [title('Contact us'), prop('text', 'textarea'), prop('submitText', 'text', 'Send Message')],
  WhiteSpace: [prop('height', 'number', 40)],
};

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
  await tx.insert(websiteComponents).values(
    Object.entries(COMPONENTS).map(([name, props]) => ({
      name,
      props: [prop('order', 'number', 0), ...props],
    })),
  );
}
