import type { ProviderKind } from '@dd/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { providers } from '../schema';

/**
 * Forty fictional hospitals and clinics in Colorado and Arizona; some with e-mail and an online request
 * page. All are verified by staff except one a law firm just added, so the demo shows the 'New provider'
 * check on its fresh requests.
 */
export interface SeedProvider {
  id: number;
  name: string;
  address: string;
  state: string;
  kind: ProviderKind;
  /** The records department's address; follow-ups to a provider without one are letters. */
  email: string | null;
  /** Internal staff confirmed the contact details. */
  verified: boolean;
}

const ADDED_BY_A_FIRM = new Set(['Summit Physical Therapy & Rehab']);

// name | street | city | state | zip | area code | web domain (e-mail and request page) or ''
const PROVIDERS = `
St. Catherine Regional Medical Center|2150 Memorial Dr|Colorado Springs|CO|80909|719|stcatherine-regional.example
Front Range Orthopedic Associates|415 Printers Pkwy|Colorado Springs|CO|80910|719|frontrangeortho.example
Pikes Peak Imaging Center|6071 E Woodmen Rd|Colorado Springs|CO|80923|719|pikespeakimaging.example
Cheyenne Mountain Family Medicine|1625 Medical Center Pt|Colorado Springs|CO|80907|719|
Rocky Mountain Spine & Pain Institute|7350 Campus Dr|Colorado Springs|CO|80920|719|rmspine.example
Mile High Emergency Physicians|1900 Grant St|Denver|CO|80203|303|
Aurora Valley Hospital|1501 S Potomac St|Aurora|CO|80012|303|auroravalleyhospital.example
Summit Physical Therapy & Rehab|3225 Austin Bluffs Pkwy|Colorado Springs|CO|80918|719|summitptrehab.example
Cherry Creek Neurology Group|3955 E Exposition Ave|Denver|CO|80209|303|cherrycreekneuro.example
Foothills Chiropractic Center|8100 W Crestline Ave|Littleton|CO|80123|303|
Pueblo Community Hospital|400 W 16th St|Pueblo|CO|81003|719|pueblocommunity.example
Castle Rock Urgent Care|2352 Meadows Blvd|Castle Rock|CO|80109|303|
Colorado Behavioral Health Partners|5250 Leetsdale Dr|Denver|CO|80246|303|cobhpartners.example
Tri-Lakes Pharmacy|481 Hwy 105|Monument|CO|80132|719|
Front Range Pathology Laboratories|2500 S Havana St|Aurora|CO|80014|303|frpathlabs.example
Broadmoor Sports Medicine|1 Lake Ave|Colorado Springs|CO|80906|719|
Denver Metro Radiology|4500 E 9th Ave|Denver|CO|80220|303|denvermetrorad.example
Fountain Valley Medical Clinic|6910 Mesa Ridge Pkwy|Fountain|CO|80817|719|
Academy Boulevard Dental Group|3205 N Academy Blvd|Colorado Springs|CO|80917|719|
Centennial Ambulance Service|9195 E Mineral Ave|Centennial|CO|80112|303|centennialems.example
Desert Sky Regional Hospital|1111 E McDowell Rd|Phoenix|AZ|85006|602|desertskyregional.example
Sonoran Orthopedic Specialists|2222 E Highland Ave|Phoenix|AZ|85016|602|sonoranortho.example
Valley Imaging Partners|3330 N 2nd St|Phoenix|AZ|85012|602|
Camelback Family Practice|4530 E Camelback Rd|Phoenix|AZ|85018|602|
Tempe Spine & Injury Center|1490 E Southern Ave|Tempe|AZ|85282|480|tempespine.example
Mesa General Hospital|515 N Mesa Dr|Mesa|AZ|85201|480|mesageneral.example
Scottsdale Neurological Associates|9500 E Shea Blvd|Scottsdale|AZ|85260|480|
Saguaro Physical Therapy|7125 E Lincoln Dr|Scottsdale|AZ|85253|480|saguaropt.example
Glendale Urgent Care|5757 W Thunderbird Rd|Glendale|AZ|85306|623|
Arizona Behavioral Health Associates|2929 N 44th St|Phoenix|AZ|85018|602|azbha.example
Copper State Pathology|1300 N 12th St|Phoenix|AZ|85006|602|
Frye Road Pharmacy|1955 W Frye Rd|Chandler|AZ|85224|480|
South Mountain Chiropractic|4041 E Baseline Rd|Phoenix|AZ|85042|602|
Maricopa Emergency Physicians Group|2601 E Roosevelt St|Phoenix|AZ|85008|602|maricopaemergency.example
Papago Sports Medicine|1120 N Scottsdale Rd|Tempe|AZ|85281|480|
Gilbert Dermatology Clinic|3420 S Mercy Rd|Gilbert|AZ|85297|480|
Sun Valley Cardiology|10210 N 92nd St|Scottsdale|AZ|85258|480|sunvalleycardio.example
Phoenix Pain Management Center|4045 E Bell Rd|Phoenix|AZ|85032|602|phxpain.example
Desert Star Ambulance|650 N 1st Ave|Phoenix|AZ|85003|602|
North Valley Medical Group|20325 N 51st Ave|Glendale|AZ|85308|623|northvalleymed.example`;

const NOTES = [
  'Requires prepayment of copy fees before release.',
  'Accepts records requests by fax only.',
  'Uses an outside release-of-information vendor; allow up to 30 days.',
  'Imaging is released on CD; ask for the film library.',
];

/** Hospitals by name; a pharmacy, lab, ambulance or imaging centre is another kind; the rest are practices. */
function kindOf(name: string): ProviderKind {
  if (/Hospital|Medical Center/.test(name)) return 'hospital';
  if (/Pharmacy|Ambulance|Laborator|Pathology|Imaging|Radiology|Therapy|Behavioral/.test(name))
    return 'other';
  return 'physician';
}

export async function insertProviders(tx: Tx): Promise<SeedProvider[]> {
  const lines = PROVIDERS.trim().split('\n');
  const values = lines.map((line, i) => {
    const [name, street, city, state, zipCode, area, domain] = line.split('|');
    const number = (n: number) => `(${area}) 555-01${String(n).padStart(2, '0')}`;
    const listed = domain !== '' || i % 2 === 0;
    return {
      name,
      address1: street,
      address2: i % 5 === 1 ? 'Health Information Management' : null,
      city,
      state,
      zipCode,
      email: domain ? `${i % 3 === 0 ? 'roi' : 'records'}@${domain}` : null,
      medicalRequestUrl: domain && i % 4 !== 3 ? `https://${domain}/medical-records-request` : null,
      phone: listed ? number(i) : null,
      fax: listed && i % 3 !== 2 ? number(99 - i) : null,
      notes: i % 6 === 2 ? NOTES[((i / 6) % NOTES.length) | 0] : null,
      verifiedAt: ADDED_BY_A_FIRM.has(name) ? null : sql`now()`,
      kind: kindOf(name),
    };
  });
  const rows = await tx
    .insert(providers)
    .values(values)
    .returning({ id: providers.id, name: providers.name, state: providers.state });
  return values.map((v) => {
    const row = rows.find((r) => r.name === v.name)!;
    return {
      id: row.id,
      name: v.name,
      state: v.state,
      kind: v.kind,
      email: v.email,
      address: `${v.address1}, ${v.city}, ${v.state} ${v.zipCode}`,
      verified: v.verifiedAt !== null,
    };
  });
}
