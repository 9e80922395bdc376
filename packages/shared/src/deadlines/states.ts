/**
 * US states (and DC) by postal code, with the time zone most of the state keeps: a provider's "today" for
 * its deadlines. A state split between zones takes the zone of most of its population.
 */
const STATES: Record<string, { name: string; zone: string }> = {
  AL: { name: 'Alabama', zone: 'America/Chicago' },
  AK: { name: 'Alaska', zone: 'America/Anchorage' },
  AZ: { name: 'Arizona', zone: 'America/Phoenix' },
  AR: { name: 'Arkansas', zone: 'America/Chicago' },
  CA: { name: 'California', zone: 'America/Los_Angeles' },
  CO: { name: 'Colorado', zone: 'America/Denver' },
  CT: { name: 'Connecticut', zone: 'America/New_York' },
  DE: { name: 'Delaware', zone: 'America/New_York' },
  DC: { name: 'District of Columbia', zone: 'America/New_York' },
  FL: { name: 'Florida', zone: 'America/New_York' },
  GA: { name: 'Georgia', zone: 'America/New_York' },
  HI: { name: 'Hawaii', zone: 'Pacific/Honolulu' },
  ID: { name: 'Idaho', zone: 'America/Boise' },
  IL: { name: 'Illinois', zone: 'America/Chicago' },
  IN: { name: 'Indiana', zone: 'America/Indiana/Indianapolis' },
  IA: { name: 'Iowa', zone: 'America/Chicago' },
  KS: { name: 'Kansas', zone: 'America/Chicago' },
  KY: { name: 'Kentucky', zone: 'America/New_York' },
  LA: { name: 'Louisiana', zone: 'America/Chicago' },
  ME: { name: 'Maine', zone: 'America/New_York' },
  MD: { name: 'Maryland', zone: 'America/New_York' },
  MA: { name: 'Massachusetts', zone: 'America/New_York' },
  MI: { name: 'Michigan', zone: 'America/Detroit' },
  MN: { name: 'Minnesota', zone: 'America/Chicago' },
  MS: { name: 'Mississippi', zone: 'America/Chicago' },
  MO: { name: 'Missouri', zone: 'America/Chicago' },
  MT: { name: 'Montana', zone: 'America/Denver' },
  NE: { name: 'Nebraska', zone: 'America/Chicago' },
  NV: { name: 'Nevada', zone: 'America/Los_Angeles' },
  NH: { name: 'New Hampshire', zone: 'America/New_York' },
  NJ: { name: 'New Jersey', zone: 'America/New_York' },
  NM: { name: 'New Mexico', zone: 'America/Denver' },
  NY: { name: 'New York', zone: 'America/New_York' },
  NC: { name: 'North Carolina', zone: 'America/New_York' },
  ND: { name: 'North Dakota', zone: 'America/Chicago' },
  OH: { name: 'Ohio', zone: 'America/New_York' },
  OK: { name: 'Oklahoma', zone: 'America/Chicago' },
  OR: { name: 'Oregon', zone: 'America/Los_Angeles' },
  PA: { name: 'Pennsylvania', zone: 'America/New_York' },
  RI: { name: 'Rhode Island', zone: 'America/New_York' },
  SC: { name: 'South Carolina', zone: 'America/New_York' },
  SD: { name: 'South Dakota', zone: 'America/Chicago' },
  TN: { name: 'Tennessee', zone: 'America/Chicago' },
  TX: { name: 'Texas', zone: 'America/Chicago' },
  UT: { name: 'Utah', zone: 'America/Denver' },
  VT: { name: 'Vermont', zone: 'America/New_York' },
  VA: { name: 'Virginia', zone: 'America/New_York' },
  WA: { name: 'Washington', zone: 'America/Los_Angeles' },
  WV: { name: 'West Virginia', zone: 'America/New_York' },
  WI: { name: 'Wisconsin', zone: 'America/Chicago' },
  WY: { name: 'Wyoming', zone: 'America/Denver' },
};

const byName = new Map(Object.entries(STATES).map(([code, s]) => [s.name.toLowerCase(), code]));

/** The postal code of a state as providers' addresses write it ('tx', 'Texas', ' TX '), or null. */
export function stateCode(state: string | null | undefined): string | null {
  const text = state?.trim() ?? '';
  const code = text.toUpperCase();
  if (STATES[code]) return code;
  return byName.get(text.toLowerCase().replace(/\s+/g, ' ')) ?? null;
}

/** The time zone a provider's deadlines are counted in: its state's, or Eastern time when unknown. */
export function stateTimeZone(state: string | null | undefined): string {
  const code = stateCode(state);
  return code ? STATES[code].zone : 'America/New_York';
}
