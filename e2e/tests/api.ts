import { DEMO_PASSWORD } from '@dd/shared';
import { type APIRequestContext, expect, type Locator } from '@playwright/test';

/** What journeys set up through the API: a small PDF, a signed-in caller, a fresh order of their own. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export async function apiLogin(request: APIRequestContext, email: string) {
  const res = await request.post('/users/token/', { data: { email, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${(await res.json()).access}` };
}

/** A fresh request ordered through the API (by the Smith paralegal unless told), so every run works on its own one. */
export async function orderRequest(
  request: APIRequestContext,
  types: string | string[] = 'Medical Records',
  rush = false,
  email = 'paralegal@smithlaw.example',
) {
  const firm = await apiLogin(request, email);
  const me = await (await request.get('/users/user/', { headers: firm })).json();
  const clients = await (await request.get('/api/home/patient/', { headers: firm })).json();
  const client = clients.find((c: { hipaa_consent_url: string | null }) => c.hipaa_consent_url);
  const providers = await (await request.get('/api/home/provider/?order_by=name', { headers: firm })).json();
  const day = 1 + (Date.now() % 27);
  const res = await request.post('/api/home/request/', {
    headers: firm,
    data: {
      patient: client.id,
      provider: [providers[Date.now() % providers.length].id],
      user: me.id,
      start_date: `2019-03-${String(day).padStart(2, '0')}`,
      end_date: `2025-${String(1 + (Date.now() % 12)).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
      request_type: types,
      rush,
      hipaa_consent_url: client.hipaa_consent_url,
      override_duplicates: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const created = (await res.json()).results[0];
  return {
    id: created.id as number,
    number: created.internal_number as string,
    client,
    price: created.price as string,
  };
}

/** The signing link e-mailed to `email`, once it has arrived at the journey's mail catcher. */
export async function signingLinkTo(smtp: { received: { raw: string }[] }, email: string): Promise<string> {
  const find = () =>
    smtp.received
      .map((m) => m.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .filter((m) => m.includes(email))
      .map((m) => /http:\/\/127\.0\.0\.1:\d+\/sign\/[A-Za-z0-9_.-]{40,}/.exec(m)?.[0])
      .find(Boolean);
  await expect.poll(find, { timeout: 15_000, message: `a signing link e-mailed to ${email}` }).toBeTruthy();
  return find()!;
}

/**
 * Staff tick every element of the request's HIPAA authorization checklist (signed a week ago, expiring with
 * the case), which its first send requires (docs/decisions/055).
 */
export async function confirmAuthorization(request: APIRequestContext, id: number) {
  const staff = await apiLogin(request, 'staff@directdocs.example');
  const signed = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const res = await request.put(`/api/home/request/${id}/authorization_check/`, {
    headers: staff,
    data: {
      description: true,
      discloser: true,
      recipient: true,
      purpose: true,
      expiration: 'The end of the case',
      signature: true,
      signed_at: signed,
      signed_by_representative: false,
      representative_authority: false,
      statements: { revocation: true, conditioning: true, redisclosure: true },
      separate_consents: [],
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** A real one-page letter-size PDF with a title line, built by hand (with its cross-reference table). */
export function onePagePdf(title: string): Buffer {
  return pdfOfPages(title, 1);
}

/** A letter-size PDF of `count` pages, each titled with the page number. */
export function pdfOfPages(title: string, count: number): Buffer {
  const pageIds = Array.from({ length: count }, (_, i) => 4 + 2 * i);
  const objects = [
    '<</Type/Catalog/Pages 2 0 R>>',
    `<</Type/Pages/Kids[${pageIds.map((id) => `${id} 0 R`).join(' ')}]/Count ${count}>>`,
    '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
  ];
  pageIds.forEach((id, i) => {
    const line = count === 1 ? title : `${title} - page ${i + 1}`;
    const text = `BT /F1 18 Tf 72 720 Td (${line.replace(/[()\\]/g, '')}) Tj ET`;
    objects.push(
      `<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</Font<</F1 3 0 R>>>>/Contents ${id + 1} 0 R>>`,
      `<</Length ${text.length}>>\nstream\n${text}\nendstream`,
    );
  });
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Fills the Add New Client dialog for a Denver client, with the HIPAA consent form attached unless told. */
export async function fillNewClient(
  modal: Locator,
  client: { lastName: string; code: string; ssn: string },
  withHipaaForm = true,
) {
  await modal.getByLabel(/^First Name/).fill('Dana');
  await modal.getByLabel(/^Last Name/).fill(client.lastName);
  await modal.getByLabel(/^Maiden Name/).fill('NA');
  await modal.getByLabel(/^Date of Birth/).fill('04/12/1981');
  await modal.getByLabel(/^Custom Code/).fill(client.code);
  await modal.getByLabel(/^SSN/).fill(client.ssn);
  await modal.getByLabel(/^Address 1/).fill('1200 Larimer St');
  await modal.getByLabel(/^Address 2/).fill('Suite 400');
  await modal.getByLabel(/^City/).fill('Denver');
  await modal.getByLabel(/^State/).fill('CO');
  await modal.getByLabel(/^Zip Code/).fill('80202');
  if (!withHipaaForm) return;
  await modal
    .locator('input[type=file]')
    .setInputFiles({ name: 'hipaa-consent.pdf', mimeType: 'application/pdf', buffer: PDF });
}
