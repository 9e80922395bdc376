import { CompanyBodySchema, NoteTemplateBodySchema, ProviderBodySchema } from '@dd/shared';
import type { z } from 'zod';
import type { Auth } from '../../authz';
import type { Db } from '../../db/client';
import { createCompany, updateCompany } from '../companies/companies.service';
import {
  createNoteTemplate,
  deleteNoteTemplate,
  updateNoteTemplate,
} from '../notetemplates/notetemplates.service';
import { createProvider, updateProvider } from '../providers/providers.service';
import { createRequestType, deleteRequestType } from '../requesttypes/requesttypes.service';
import type { Values } from './data-admin.queries';

/**
 * Where a table has its own product service, the data administration writes through it, so a change made
 * here obeys the same rules (unique provider names, plain company names, hidden request types in use)
 * as one made on the product's screens. `schema` is the product's body validation, applied to every row
 * of a CSV upload as well; `csvExtras` are the columns the product's create would set.
 */
export interface Writer {
  schema?: z.ZodType;
  create?: (db: Db, auth: Auth, values: Values) => Promise<number>;
  update?: (db: Db, auth: Auth, id: number, values: Values) => Promise<unknown>;
  delete?: (db: Db, id: number) => Promise<void>;
  csvExtras?: () => Values;
}

type Body<S extends z.ZodType> = z.output<S>;

export const WRITERS: Record<string, Writer> = {
  'home/provider': {
    schema: ProviderBodySchema,
    create: async (db, auth, v) => (await createProvider(db, auth, v as Body<typeof ProviderBodySchema>)).id,
    update: (db, auth, id, v) => updateProvider(db, auth, id, v as Body<typeof ProviderBodySchema>),
    // Internal staff vouch for the providers they enter (providers.service.ts).
    csvExtras: () => ({ verified_at: new Date().toISOString() }),
  },
  'home/company': {
    schema: CompanyBodySchema,
    create: async (db, auth, v) => (await createCompany(db, auth, v as Body<typeof CompanyBodySchema>)).id,
    update: (db, auth, id, v) => updateCompany(db, auth, id, v as Body<typeof CompanyBodySchema>),
  },
  'home/requesttype': {
    create: async (db, _auth, v) => (await createRequestType(db, String(v.name))).id,
    delete: deleteRequestType,
  },
  'home/notetemplate': {
    schema: NoteTemplateBodySchema,
    create: async (db, _auth, v) =>
      (await createNoteTemplate(db, v as Body<typeof NoteTemplateBodySchema>)).id,
    update: (db, _auth, id, v) => updateNoteTemplate(db, id, v as Body<typeof NoteTemplateBodySchema>),
    delete: deleteNoteTemplate,
  },
};
