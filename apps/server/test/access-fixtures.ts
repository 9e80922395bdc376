import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { type RequestStatus, STATUS, toCents, todayIn } from '@dd/shared';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../src/app-types';
import { newApiKey } from '../src/auth/api-key-auth';
import { issueTokens } from '../src/auth/tokens';
import {
  apiKeys,
  billings,
  crashpads,
  feeApprovals,
  followUps,
  invoices,
  modelConfigs,
  notes,
  noteTemplates,
  pdfFormMappings,
  requests,
  requestTypes,
  users,
  webhookDeliveries,
  webhookEndpoints,
  websitePages,
  websitePageVersions,
} from '../src/db/schema';
import { confirmAuthorizationChecklist } from '../src/modules/authorizations/authorizations.test-utils.queries';
import { storedForm, uploadedFormPdf } from '../src/modules/pdfforms/pdfforms.test-utils';
import { refreshDeadline } from '../src/modules/requests/requests.deadline';
import {
  createCompany,
  createFile,
  createPatient,
  createProvider,
  createRequest,
  createUser,
  INTERNAL_ADMIN,
  signedIn,
  uploadKey,
} from './factories';
import { INTERNAL_COMPANY_ID } from './helpers';

/**
 * The world the access matrix runs in: a target firm that owns every record the routes are called
 * with, its own member and staff, another firm's member and staff, and three kinds of internal user.
 * Destructive routes ask for fresh records (`fresh…`) so one caller's success never changes what the
 * next caller sees.
 */
export const CALLERS = [
  'anonymous',
  'firmMember',
  'firmStaff',
  'otherMember',
  'otherStaff',
  'internalUser',
  'internalStaff',
  'internalAdmin',
] as const;
export type Caller = (typeof CALLERS)[number];

export const CALLER_TITLES: Record<Caller, string> = {
  anonymous: 'anonymous',
  firmMember: 'firm member',
  firmStaff: 'firm staff',
  otherMember: 'other firm member',
  otherStaff: 'other firm staff',
  internalUser: 'internal non-staff',
  internalStaff: 'internal staff',
  internalAdmin: 'internal admin',
};

export type AccessFixtures = Awaited<ReturnType<typeof accessFixtures>>;

export async function accessFixtures(deps: AppDeps) {
  const { db } = deps;
  const company = await createCompany(db);
  const other = await createCompany(db);
  const member = await signedIn(deps, { companyId: company.id });
  const staff = await signedIn(deps, { companyId: company.id, isStaff: true });
  const signedInCallers: Record<Exclude<Caller, 'anonymous'>, Awaited<ReturnType<typeof signedIn>>> = {
    firmMember: member,
    firmStaff: staff,
    otherMember: await signedIn(deps, { companyId: other.id }),
    otherStaff: await signedIn(deps, { companyId: other.id, isStaff: true }),
    internalUser: await signedIn(deps, { companyId: INTERNAL_COMPANY_ID }),
    internalStaff: await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true }),
    internalAdmin: await signedIn(deps, INTERNAL_ADMIN),
  };
  /** The caller's user id (0 for anonymous, which owns nothing). */
  const userId = (caller: Caller) => (caller === 'anonymous' ? 0 : signedInCallers[caller].user.id);
  const headers = (caller: Caller) => (caller === 'anonymous' ? {} : signedInCallers[caller].headers);
  /** A second session of the same user, for a route that ends the session it is called with. */
  const freshSession = async (caller: Caller) => {
    if (caller === 'anonymous') return {};
    const { access } = await issueTokens(db, signedInCallers[caller].user, deps.tokens);
    return { authorization: `Bearer ${access}` };
  };
  const patient = await createPatient(db, company.id);
  const provider = await createProvider(db);

  const freshRequest = () =>
    createRequest(db, {
      patientId: patient.id,
      companyId: company.id,
      userId: member.user.id,
      providerId: provider.id,
    });
  /** A fresh request whose first send to its provider was noted at `sentAt`. */
  const sentRequest = async (sentAt: Date) => {
    const r = await freshRequest();
    await db.insert(notes).values({
      requestId: r.id,
      companyId: r.companyId,
      text: 'Sent',
      updateStatus: STATUS.initialRequestSent,
      createdAt: sentAt,
    });
    await db.update(requests).set({ status: STATUS.initialRequestSent }).where(eq(requests.id, r.id));
    return r;
  };
  /** A fresh request with its own HIPAA form, every element of which staff have ticked: its first send is allowed. */
  const checkedRequest = async () => {
    const documentUrl = uploadKey(member.user.id, 'hipaa-forms', 'consent.pdf');
    const r = await createRequest(db, {
      patientId: patient.id,
      companyId: company.id,
      userId: member.user.id,
      providerId: provider.id,
      hipaaConsentUrl: documentUrl,
    });
    await confirmAuthorizationChecklist(db, r.id);
    return r;
  };
  const request = await freshRequest();
  const file = await createFile(db, request.id);
  // The stored object, so a download link can be issued for it.
  await deps.storage.put(file.url, Readable.from([Buffer.from('%PDF-1.4\n')]), {
    contentType: 'application/pdf',
  });
  const [note] = await db
    .insert(notes)
    .values({
      text: 'Called the provider.',
      requestId: request.id,
      companyId: company.id,
      userId: member.user.id,
    })
    .returning();

  return {
    /** Strings only the target firm's own callers and internal users may ever be shown. */
    targetMarkers: [company.name, patient.lastName, member.user.email],
    headers,
    userId,
    freshSession,
    company,
    member: member.user,
    patient,
    provider,
    request,
    file,
    note,
    freshRequest,
    checkedRequest,
    /**
     * The invite grid of the target firm as it stands (the grid call replaces every user), with one new
     * phone number for the plain member, so the call saves a row.
     */
    inviteGridWithNewPhone: async () =>
      (await db.select().from(users).where(eq(users.companyId, company.id))).map((u) => ({
        first_name: u.firstName,
        last_name: u.lastName,
        email: u.email,
        phone_number: u.id === member.user.id ? `555-${String(Date.now()).slice(-4)}` : u.phoneNumber,
        admin_access: u.isStaff ? 'TRUE' : 'FALSE',
        active: u.isActive ? 'TRUE' : 'FALSE',
      })),
    /** A plain member of the target firm that a caller may try to edit or delete. */
    freshUser: () => createUser(db, { companyId: company.id }),
    freshProvider: () => createProvider(db),
    /** A provider's PDF form (one page row) for the form routes, and a PDF uploaded by the caller. */
    freshForm: () => storedForm(deps, provider.id, signedInCallers.internalStaff.user.id),
    formUpload: (caller: Caller) => uploadedFormPdf(deps, userId(caller)),
    freshMapping: async () => {
      const { form, page } = await storedForm(deps, provider.id, signedInCallers.internalStaff.user.id);
      const [row] = await db
        .insert(pdfFormMappings)
        .values({
          name: 'Patient.full_name',
          formId: form.id,
          pageId: page.id,
          positionX: 0.2,
          positionY: 0.3,
        })
        .returning();
      return row;
    },
    /** A website page (with one earlier version) that a caller may try to change, restore or delete. */
    freshPage: async () => {
      const [page] = await db
        .insert(websitePages)
        .values({
          name: 'Team',
          url: `/team-${randomUUID().slice(0, 8)}/`,
          components: [],
          componentProps: [],
        })
        .returning();
      const [version] = await db
        .insert(websitePageVersions)
        .values({ pageId: page.id, name: 'Team', url: page.url, components: [], componentProps: [] })
        .returning();
      return { page, version };
    },
    /** A model configuration, not applied yet. */
    freshModelConfig: async () => {
      const [row] = await db
        .insert(modelConfigs)
        .values({
          name: `Access ${randomUUID()
            .replace(/[^a-z]/g, '')
            .slice(0, 10)}`,
        })
        .returning();
      return row;
    },
    /** A request of the target firm sent to its provider today: its follow-ups are planned (or paused by staff). */
    freshSentRequest: async (pausedByStaff = false) => {
      const r = await sentRequest(new Date());
      await refreshDeadline(db, r.id);
      if (pausedByStaff) {
        await db
          .update(followUps)
          .set({ status: 'paused', pauseReason: 'staff', pausedOn: todayIn('America/New_York') })
          .where(eq(followUps.requestId, r.id));
      }
      return r;
    },
    /** A request of the target firm sent to its provider half a year ago and never answered: it is stale. */
    freshStaleRequest: () => sentRequest(new Date(Date.now() - 180 * 86_400_000)),
    /**
     * A request of the target firm waiting for the firm to approve $180.00: a provider's charge, or its
     * demand for payment before it releases the records (approving that one bills the firm at once).
     */
    freshFeeApproval: async (kind: 'charge' | 'prepayment' = 'charge') => {
      const r = await freshRequest();
      const [approval] = await db
        .insert(feeApprovals)
        .values({
          requestId: r.id,
          companyId: company.id,
          kind,
          amount: toCents(180),
          resumeStatus: STATUS.inContact,
        })
        .returning({ id: feeApprovals.id });
      await db.update(requests).set({ status: STATUS.waitingForFeeApproval }).where(eq(requests.id, r.id));
      return { requestId: r.id, approvalId: approval.id };
    },
    /** A fresh request of the target firm in a given status (the provider's outcomes, decision 058). */
    freshRequestIn: async (status: RequestStatus) => {
      const r = await freshRequest();
      await db.update(requests).set({ status }).where(eq(requests.id, r.id));
      return r;
    },
    /** A closed request of the target firm with no invoice line yet (billable). */
    freshFinishedRequest: async () => {
      const r = await freshRequest();
      await db.update(requests).set({ status: STATUS.closedArrived }).where(eq(requests.id, r.id));
      return r;
    },
    /** An unbilled invoice line of a fresh closed request of the target firm. */
    freshLine: async () => {
      const r = await freshRequest();
      await db.update(requests).set({ status: STATUS.closedArrived }).where(eq(requests.id, r.id));
      return (
        await db
          .insert(invoices)
          .values({ requestId: r.id, companyId: r.companyId, price: toCents(35) })
          .returning()
      )[0];
    },
    /** A billing of the target firm, titled with the firm's name (another firm must never see it). */
    freshBilling: async () =>
      (
        await db
          .insert(billings)
          .values({ title: `${company.name} ${randomUUID().slice(0, 8)}`, companyId: company.id })
          .returning()
      )[0],
    /** A host listing of the target firm's member (listings are their owner's alone). */
    freshCrashpad: async () =>
      (
        await db
          .insert(crashpads)
          .values({ title: 'Access listing', companyId: company.id, userId: member.user.id })
          .returning()
      )[0],
    /** An unrevoked API key of the target firm, made by its staff member (decision 054). */
    freshApiKey: async () => {
      const { hash, hint } = newApiKey(company.id);
      const values = {
        companyId: company.id,
        name: 'Access key',
        keyHash: hash,
        hint,
        createdById: staff.user.id,
      };
      return (
        await db
          .insert(apiKeys)
          .values({ ...values, scopes: ['read_requests'] })
          .returning()
      )[0];
    },
    /** A webhook endpoint of the target firm with one failed delivery (decision 059). */
    freshWebhook: async () => {
      const [endpoint] = await db
        .insert(webhookEndpoints)
        .values({
          companyId: company.id,
          url: 'https://hooks.example/direct-docs',
          events: ['request.created'],
          secret: deps.cipher.encrypt('whsec_YWNjZXNzLW1hdHJpeC1zZWNyZXQ='),
          createdById: staff.user.id,
        })
        .returning();
      const [delivery] = await db
        .insert(webhookDeliveries)
        .values({
          endpointId: endpoint.id,
          companyId: endpoint.companyId,
          messageId: `msg_${randomUUID()}`,
          event: 'request.created',
          body: '{}',
          status: 'failed',
        })
        .returning();
      return { endpoint, delivery };
    },
    /** A firm with no users or records, for the company delete route. */
    freshCompany: () => createCompany(db),
    freshNoteTemplate: async () =>
      (
        await db
          .insert(noteTemplates)
          .values({ name: `Template ${randomUUID().slice(0, 8)}`, text: 'Hi' })
          .returning()
      )[0],
    freshRequestType: async () =>
      (
        await db
          .insert(requestTypes)
          .values({ name: `Type ${randomUUID().slice(0, 8)}` })
          .returning()
      )[0],
  };
}
