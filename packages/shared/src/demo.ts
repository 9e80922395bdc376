/** The demo logins seeded on first start (README, start-up banner, end-to-end tests). */
export const DEMO_PASSWORD = 'DemoPass123!';
export const DEMO_LOGINS = [
  { email: 'admin@directdocs.example', who: 'Direct Docs administrator (internal staff, admin user)' },
  { email: 'staff@directdocs.example', who: 'Direct Docs staff member' },
  { email: 'attorney@smithlaw.example', who: 'Smith Law Group attorney (company staff)' },
  { email: 'paralegal@smithlaw.example', who: 'Smith Law Group paralegal' },
  { email: 'paralegal@jonesinjury.example', who: 'Jones Injury Attorneys paralegal' },
] as const;
