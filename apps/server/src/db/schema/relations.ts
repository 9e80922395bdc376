import { relations } from 'drizzle-orm';
import { billings, invoices } from './billing';
import { companies } from './companies';
import { fileAccesses, files } from './files';
import { notes } from './notes';
import { patients } from './patients';
import { pdfFormMappings, pdfFormPages, pdfForms } from './pdf-forms';
import { providers } from './providers';
import { requests } from './requests';
import { roles, users } from './users';

/** Relations for drizzle's relational queries (db.query.x.findMany({ with })). One block per table. */
export const companiesRelations = relations(companies, ({ many }) => ({
  users: many(users),
  patients: many(patients),
  billings: many(billings),
}));

export const usersRelations = relations(users, ({ one }) => ({
  company: one(companies, { fields: [users.companyId], references: [companies.id] }),
  role: one(roles, { fields: [users.roleId], references: [roles.id] }),
}));

export const patientsRelations = relations(patients, ({ one, many }) => ({
  company: one(companies, { fields: [patients.companyId], references: [companies.id] }),
  requests: many(requests),
}));

export const providersRelations = relations(providers, ({ many }) => ({
  requests: many(requests),
}));

export const requestsRelations = relations(requests, ({ one, many }) => ({
  patient: one(patients, { fields: [requests.patientId], references: [patients.id] }),
  provider: one(providers, { fields: [requests.providerId], references: [providers.id] }),
  company: one(companies, { fields: [requests.companyId], references: [companies.id] }),
  user: one(users, { fields: [requests.userId], references: [users.id], relationName: 'request_user' }),
  requester: one(users, {
    fields: [requests.requesterId],
    references: [users.id],
    relationName: 'request_requester',
  }),
  workingOn: one(users, {
    fields: [requests.workingOnId],
    references: [users.id],
    relationName: 'request_working_on',
  }),
  notes: many(notes),
  files: many(files),
  invoices: many(invoices),
}));

export const notesRelations = relations(notes, ({ one }) => ({
  request: one(requests, { fields: [notes.requestId], references: [requests.id] }),
  user: one(users, { fields: [notes.userId], references: [users.id] }),
}));

export const filesRelations = relations(files, ({ one, many }) => ({
  request: one(requests, { fields: [files.requestId], references: [requests.id] }),
  verifiedBy: one(users, { fields: [files.verifiedById], references: [users.id] }),
  fileAccesses: many(fileAccesses),
}));

export const fileAccessesRelations = relations(fileAccesses, ({ one }) => ({
  file: one(files, { fields: [fileAccesses.fileId], references: [files.id] }),
  user: one(users, { fields: [fileAccesses.userId], references: [users.id] }),
}));

export const invoicesRelations = relations(invoices, ({ one }) => ({
  request: one(requests, { fields: [invoices.requestId], references: [requests.id] }),
  bill: one(billings, { fields: [invoices.billId], references: [billings.id] }),
}));

export const billingsRelations = relations(billings, ({ one, many }) => ({
  company: one(companies, { fields: [billings.companyId], references: [companies.id] }),
  invoices: many(invoices),
}));

export const pdfFormsRelations = relations(pdfForms, ({ one, many }) => ({
  company: one(companies, { fields: [pdfForms.companyId], references: [companies.id] }),
  provider: one(providers, { fields: [pdfForms.providerId], references: [providers.id] }),
  pages: many(pdfFormPages),
  mappings: many(pdfFormMappings),
}));

export const pdfFormPagesRelations = relations(pdfFormPages, ({ one, many }) => ({
  form: one(pdfForms, { fields: [pdfFormPages.formId], references: [pdfForms.id] }),
  mappings: many(pdfFormMappings),
}));

export const pdfFormMappingsRelations = relations(pdfFormMappings, ({ one }) => ({
  form: one(pdfForms, { fields: [pdfFormMappings.formId], references: [pdfForms.id] }),
  page: one(pdfFormPages, { fields: [pdfFormMappings.pageId], references: [pdfFormPages.id] }),
}));
