import { type Cents, cents, PERMISSIONS, ROLE_NAMES } from '@dd/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { companies, roles, users } from '../schema';

/** The demo organisations: the internal company with its staff, and two law firms with their people. */

export interface SeedUser {
  id: number;
  fullName: string;
  email: string;
}

export interface SeedFirm {
  id: number;
  name: string;
  code: string;
  /** Whole cents. */
  requestPrice: Cents;
  autoSurcharge: boolean;
  city: string;
  state: string;
  zipPrefix: string;
  areaCode: string;
  attorney: SeedUser;
  paralegals: SeedUser[];
}

export interface SeedOrg {
  internalCompanyId: number;
  admin: SeedUser;
  /** Every internal staff member, the administrator first. */
  staff: SeedUser[];
  firms: SeedFirm[];
}

type CompanyKey = 'internal' | 'smith' | 'jones';
type Kind = 'admin' | 'staff' | 'attorney' | 'paralegal';
// company | kind | first name | last name | e-mail | phone
const PEOPLE_TABLE = `
internal|admin|Dana|Whitfield|admin@directdocs.example|(303) 555-0100
internal|staff|Marcus|Reyes|staff@directdocs.example|(303) 555-0101
internal|staff|Priya|Shah|priya.shah@directdocs.example|(303) 555-0102
internal|staff|Tom|Becker|tom.becker@directdocs.example|(303) 555-0103
smith|attorney|Robert|Smith|attorney@smithlaw.example|(719) 555-0140
smith|paralegal|Emily|Carter|paralegal@smithlaw.example|(719) 555-0141
smith|paralegal|Jason|Nguyen|jason.nguyen@smithlaw.example|(719) 555-0142
jones|attorney|Sarah|Jones|attorney@jonesinjury.example|(602) 555-0170
jones|paralegal|Maria|Lopez|paralegal@jonesinjury.example|(602) 555-0171
jones|paralegal|Kevin|Brooks|kevin.brooks@jonesinjury.example|(602) 555-0172`;

const PEOPLE = PEOPLE_TABLE.trim()
  .split('\n')
  .map((line) => {
    const [company, kind, first, last, email, phone] = line.split('|');
    return { company: company as CompanyKey, kind: kind as Kind, first, last, email, phone };
  });

const FIRMS = {
  smith: {
    name: 'Smith Law Group',
    code: 'SLG',
    requestPrice: cents(3500),
    autoSurcharge: false,
    areaCode: '719',
    address1: '102 N Cascade Ave',
    address2: 'Suite 400',
    city: 'Colorado Springs',
    state: 'CO',
    zipCode: '80903',
    zipPrefix: '809',
  },
  jones: {
    name: 'Jones Injury Attorneys',
    code: 'JIA',
    requestPrice: cents(3800),
    autoSurcharge: true,
    areaCode: '602',
    address1: '2375 E Camelback Rd',
    address2: 'Floor 6',
    city: 'Phoenix',
    state: 'AZ',
    zipCode: '85016',
    zipPrefix: '850',
  },
} as const;

export async function insertOrganizations(
  tx: Tx,
  options: { internalCompanyId: number; passwordHash: string },
): Promise<SeedOrg> {
  const roleRows = await tx
    .insert(roles)
    .values([
      { name: ROLE_NAMES.administrator, permissions: [...PERMISSIONS] },
      { name: ROLE_NAMES.member, permissions: [] },
    ])
    .returning({ id: roles.id, name: roles.name });
  const roleId = (name: string) => roleRows.find((r) => r.name === name)!.id;

  await tx.insert(companies).values({
    id: options.internalCompanyId,
    name: 'Direct Docs',
    adminName: 'Dana Whitfield',
    adminEmail: 'admin@directdocs.example',
    adminPhone: '(303) 555-0100',
    address1: '1600 Broadway',
    address2: 'Suite 1250',
    city: 'Denver',
    state: 'CO',
    zipCode: '80202',
    phoneNumber: '(303) 555-0199',
    faxNumber: '(303) 555-0198',
  });
  // The internal company was inserted with an explicit id: move the identity past it.
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('companies', 'id'), (select max(id) from companies))`,
  );

  const firmRows = await tx
    .insert(companies)
    .values(
      (['smith', 'jones'] as const).map((key) => {
        const f = FIRMS[key];
        const attorney = PEOPLE.find((p) => p.company === key && p.kind === 'attorney')!;
        return {
          name: f.name,
          adminName: `${attorney.first} ${attorney.last}`,
          adminEmail: attorney.email,
          adminPhone: attorney.phone,
          address1: f.address1,
          address2: f.address2,
          city: f.city,
          state: f.state,
          zipCode: f.zipCode,
          phoneNumber: `(${f.areaCode}) 555-0100`,
          faxNumber: `(${f.areaCode}) 555-0109`,
          requestPrice: f.requestPrice,
          autoSurcharge: f.autoSurcharge,
        };
      }),
    )
    .returning({ id: companies.id, name: companies.name });
  const firmId = (key: 'smith' | 'jones') => firmRows.find((r) => r.name === FIRMS[key].name)!.id;
  const companyIds: Record<CompanyKey, number> = {
    internal: options.internalCompanyId,
    smith: firmId('smith'),
    jones: firmId('jones'),
  };

  const userRows = await tx
    .insert(users)
    .values(
      PEOPLE.map((p) => ({
        firstName: p.first,
        lastName: p.last,
        email: p.email,
        phoneNumber: p.phone,
        companyId: companyIds[p.company],
        roleId: roleId(p.kind === 'admin' ? ROLE_NAMES.administrator : ROLE_NAMES.member),
        isStaff: p.kind !== 'paralegal',
        isAdminUser: p.kind === 'admin',
        passwordHash: options.passwordHash,
        timezone: p.company === 'jones' ? 'America/Phoenix' : 'America/Denver',
        emailConfirmedAt: new Date(),
      })),
    )
    .returning({ id: users.id, fullName: users.fullName, email: users.email });

  const people = PEOPLE.map((p) => ({ ...p, user: userRows.find((u) => u.email === p.email)! }));
  const ofKind = (company: CompanyKey, kind: Kind) =>
    people.filter((p) => p.company === company && p.kind === kind).map((p) => p.user);
  const firm = (key: 'smith' | 'jones'): SeedFirm => ({
    id: companyIds[key],
    ...FIRMS[key],
    attorney: ofKind(key, 'attorney')[0],
    paralegals: ofKind(key, 'paralegal'),
  });
  return {
    internalCompanyId: options.internalCompanyId,
    admin: ofKind('internal', 'admin')[0],
    staff: [...ofKind('internal', 'admin'), ...ofKind('internal', 'staff')],
    firms: [firm('smith'), firm('jones')],
  };
}
