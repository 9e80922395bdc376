import type { Client, ClientOrdering } from '@dd/shared';
import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Auth } from '../../authz';
import { visiblePatients } from '../../authz/scopes';
import type { DbOrTx } from '../../db/client';
import { companies, patients } from '../../db/schema';

/**
 * SQL for clients (patients). The selected columns never include the SSN, encrypted or hashed, so
 * nothing read here can leak it; every query ANDs visiblePatients(auth).
 */
const clientColumns = {
  id: patients.id,
  firstName: patients.firstName,
  lastName: patients.lastName,
  fullName: patients.fullName,
  maidenName: patients.maidenName,
  dateOfBirth: patients.dateOfBirth,
  customCode: patients.customCode,
  address1: patients.address1,
  address2: patients.address2,
  city: patients.city,
  state: patients.state,
  zipCode: patients.zipCode,
  email: patients.email,
  phoneNumber: patients.phoneNumber,
  faxNumber: patients.faxNumber,
  hipaaConsentUrl: patients.hipaaConsentUrl,
  batesPrefix: patients.batesPrefix,
  companyId: patients.companyId,
  // 'None' counts as recorded: the firm answered the question.
  hasSsn: sql<boolean>`(${patients.ssnEncrypted} is not null)`,
  createdAt: patients.createdAt,
};

function selectClients(db: DbOrTx) {
  return db.select(clientColumns).from(patients);
}
type ClientRow = Awaited<ReturnType<typeof selectClients>>[number];

function toClient(row: ClientRow): Client {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: row.fullName,
    maiden_name: row.maidenName,
    date_of_birth: row.dateOfBirth,
    custom_code: row.customCode,
    address_1: row.address1,
    address_2: row.address2,
    city: row.city,
    state: row.state,
    zip_code: row.zipCode,
    email: row.email,
    phone_number: row.phoneNumber,
    fax_number: row.faxNumber,
    hipaa_consent_url: row.hipaaConsentUrl,
    bates_prefix: row.batesPrefix,
    company: row.companyId,
    has_ssn: Boolean(row.hasSsn),
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/** ILIKE pattern matching `text` anywhere, with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ORDERINGS: Record<ClientOrdering, SQL[]> = {
  'last_name,first_name': [asc(patients.lastName), asc(patients.firstName)],
  '-last_name,-first_name': [desc(patients.lastName), desc(patients.firstName)],
  first_name: [asc(patients.firstName), asc(patients.lastName)],
  '-first_name': [desc(patients.firstName), desc(patients.lastName)],
  last_name: [asc(patients.lastName), asc(patients.firstName)],
  '-last_name': [desc(patients.lastName), desc(patients.firstName)],
  full_name: [asc(patients.fullName)],
  '-full_name': [desc(patients.fullName)],
  created_at: [asc(patients.createdAt)],
  '-created_at': [desc(patients.createdAt), desc(patients.id)],
  date_of_birth: [asc(patients.dateOfBirth)],
  '-date_of_birth': [desc(patients.dateOfBirth)],
};

export interface ClientFilter {
  /** The company to list; undefined only for internal users listing every firm. */
  companyId?: number;
  name?: string;
  orderBy: ClientOrdering;
  limit: number;
  offset: number;
}

export async function listClientRows(db: DbOrTx, auth: Auth, filter: ClientFilter): Promise<Client[]> {
  const rows = await selectClients(db)
    .where(
      and(
        visiblePatients(auth),
        filter.companyId === undefined ? undefined : eq(patients.companyId, filter.companyId),
        filter.name ? ilike(patients.fullName, containsPattern(filter.name)) : undefined,
      ),
    )
    // id last so equal names page in a stable order
    .orderBy(...ORDERINGS[filter.orderBy], asc(patients.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return rows.map(toClient);
}

export async function findClient(db: DbOrTx, auth: Auth, id: number): Promise<Client | undefined> {
  const [row] = await selectClients(db).where(and(visiblePatients(auth), eq(patients.id, id)));
  return row && toClient(row);
}

/** Clients of one company whose SSN has this keyed hash (the duplicate notice). */
export function clientsWithSsnHash(db: DbOrTx, auth: Auth, companyId: number, ssnHash: string) {
  return db
    .select({ id: patients.id, full_name: patients.fullName })
    .from(patients)
    .where(and(visiblePatients(auth), eq(patients.companyId, companyId), eq(patients.ssnHash, ssnHash)))
    .orderBy(asc(patients.lastName), asc(patients.firstName), asc(patients.id));
}

/** The stored (encrypted) SSN of a visible client; undefined when the client is not visible. */
export async function findEncryptedSsn(
  db: DbOrTx,
  auth: Auth,
  id: number,
): Promise<{ ssnEncrypted: string | null; companyId: number } | undefined> {
  const [row] = await db
    .select({ ssnEncrypted: patients.ssnEncrypted, companyId: patients.companyId })
    .from(patients)
    .where(and(visiblePatients(auth), eq(patients.id, id)));
  return row;
}

/** The company's id if it exists (internal staff choosing a new client's firm). */
export async function existingCompanyId(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  return row?.id;
}

/** Inserts a client (the SSN columns included, so a client never exists without them); its id. */
export async function insertClient(db: DbOrTx, values: typeof patients.$inferInsert): Promise<number> {
  const [row] = await db.insert(patients).values(values).returning({ id: patients.id });
  return row.id;
}

/** Writes columns of a client of the firm. */
export async function setClientColumns(
  db: DbOrTx,
  client: { id: number; companyId: number },
  values: Partial<typeof patients.$inferInsert>,
): Promise<void> {
  await db
    .update(patients)
    .set(values)
    .where(and(eq(patients.id, client.id), eq(patients.companyId, client.companyId)));
}
