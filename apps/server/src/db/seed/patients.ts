import type { DataCipher } from '../../lib/crypto';
import type { Tx } from '../client';
import { patients } from '../schema';
import type { SeedFirm } from './people';
import { isoDate, type Random } from './random';

/** Thirty clients, fifteen per law firm, with encrypted (fictional, 9xx-area) SSNs and a HIPAA form each. */
export interface SeedPatient {
  id: number;
  firm: SeedFirm;
  firstName: string;
  lastName: string;
  fullName: string;
  maidenName: string | null;
  dateOfBirth: string;
  hipaaConsentUrl: string;
}

// "First Last" or "First Last/Maiden"; the first fifteen belong to the first firm.
const NAMES = [
  'Michael Anderson',
  'Jennifer Martinez/Garcia',
  'David Thompson',
  'Ashley Robinson/Clark',
  'Christopher Lee',
  'Amanda Walker',
  'Daniel Hernandez',
  'Stephanie Young/King',
  'Matthew Wright',
  'Nicole Scott',
  'Joshua Green',
  'Rebecca Adams/Baker',
  'Andrew Nelson',
  'Laura Mitchell',
  'Brian Campbell',
  'Carlos Ramirez',
  'Megan Turner/Phillips',
  'Tyler Evans',
  'Samantha Collins',
  'Anthony Stewart',
  'Rachel Morris/Rogers',
  'Kyle Reed',
  'Vanessa Cook',
  'Justin Morgan',
  'Heather Bell/Murphy',
  'Eric Bailey',
  'Olivia Rivera',
  'Gabriel Cooper',
  'Natalie Richardson',
  'Patrick Cox',
];

const PLACES: Record<string, { cities: string[]; streets: string[] }> = {
  CO: {
    cities: ['Colorado Springs', 'Pueblo', 'Fountain', 'Monument', 'Castle Rock'],
    streets: [
      'N Union Blvd',
      'Platte Ave',
      'Constitution Ave',
      'Briargate Pkwy',
      'S Nevada Ave',
      'Research Pkwy',
    ],
  },
  AZ: {
    cities: ['Phoenix', 'Tempe', 'Mesa', 'Scottsdale', 'Glendale'],
    streets: [
      'E Indian School Rd',
      'N 7th St',
      'W Glendale Ave',
      'E University Dr',
      'N Hayden Rd',
      'E Baseline Rd',
    ],
  },
};

export async function insertPatients(
  tx: Tx,
  rng: Random,
  firms: SeedFirm[],
  cipher: DataCipher,
): Promise<SeedPatient[]> {
  const planned = NAMES.map((entry, i) => {
    const [name, maiden] = entry.split('/');
    const [firstName, lastName] = name.split(' ');
    const firm = firms[i < 15 ? 0 : 1];
    const place = PLACES[firm.state];
    const ssn = i % 7 === 3 ? 'None' : `9${rng.int(10, 99)}-${rng.int(10, 99)}-${rng.int(1000, 9999)}`;
    const dob = new Date(Date.UTC(rng.int(1948, 2004), rng.int(0, 11), rng.int(1, 28)));
    const number = String(i + 1).padStart(2, '0');
    return {
      firm,
      values: {
        firstName,
        lastName,
        maidenName: maiden ?? null,
        dateOfBirth: isoDate(dob),
        customCode: i % 3 === 2 ? null : `${firm.code}-${dob.getUTCFullYear() % 100}${number}`,
        // 'None' means the firm has no SSN: kept (encrypted) for display, but never hashed, so it matches nobody.
        ssnEncrypted: cipher.encrypt(ssn),
        ssnHash: ssn === 'None' ? null : cipher.match(ssn),
        address1: `${rng.int(100, 9899)} ${rng.pick(place.streets)}`,
        address2: i % 6 === 4 ? `Apt ${rng.int(101, 420)}` : null,
        city: rng.pick(place.cities),
        state: firm.state,
        zipCode: `${firm.zipPrefix}${String(rng.int(1, 40)).padStart(2, '0')}`,
        email: i % 5 === 3 ? null : `${firstName}.${lastName}${rng.int(1, 99)}@example.com`.toLowerCase(),
        phoneNumber: `(${firm.areaCode}) 555-01${String(50 + i).padStart(2, '0')}`,
        faxNumber: i % 10 === 7 ? `(${firm.areaCode}) 555-01${String(20 + i).padStart(2, '0')}` : null,
        hipaaConsentUrl: `hipaa-forms/demo-client-${number}-hipaa-authorization.pdf`,
        companyId: firm.id,
      },
    };
  });
  const rows = await tx
    .insert(patients)
    .values(planned.map((p) => p.values))
    .returning({ id: patients.id, fullName: patients.fullName });
  return planned.map(({ firm, values }) => {
    const fullName = `${values.firstName} ${values.lastName}`;
    return {
      id: rows.find((r) => r.fullName === fullName)!.id,
      firm,
      firstName: values.firstName,
      lastName: values.lastName,
      fullName,
      maidenName: values.maidenName,
      dateOfBirth: values.dateOfBirth,
      hipaaConsentUrl: values.hipaaConsentUrl,
    };
  });
}
