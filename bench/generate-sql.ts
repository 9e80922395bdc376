/**
 * The set-based statements that fill the benchmark database (INSERT … SELECT over generate_series,
 * never row by row). Sizes come from `BenchSizes`; names and dates are random but plausible.
 */
export interface BenchSizes {
  firms: number;
  requests: number;
  bigFirmRequests: number;
  providers: number;
  internalStaff: number;
  /** Average notes per request; 0 skips notes. */
  notesPerRequest: number;
}

export const BIG_FIRM_NAME = 'Bench Big Firm Law Group';
export const BENCH_STAFF_EMAIL = 'staff@bigfirm.bench';
/** A Direct Docs staff member: signs in for the staff list benchmark. */
export const BENCH_WORKER_EMAIL = 'worker1@directdocs.bench';
export const BENCH_PASSWORD = 'BenchPass123!';

const FIRST = `array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda','David','Elizabeth',
  'William','Barbara','Richard','Susan','Joseph','Jessica','Thomas','Sarah','Carlos','Maria','Wei','Aisha',
  'Daniel','Karen','Matthew','Nancy','Anthony','Lisa','Mark','Betty','Luis','Sofia']`;
const LAST = `array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez',
  'Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin','Lee',
  'Perez','Thompson','White','Harris','Sanchez','Clark','Ramirez','Lewis','Robinson','Walker','Young','Nguyen']`;
const pick = (list: string) => `(${list})[1 + floor(random() * array_length(${list}, 1))::int]`;

/** Firms: the big one first, then the rest share the remaining requests evenly. */
export function firmsSql(s: BenchSizes): string {
  const rest = s.requests - s.bigFirmRequests;
  return `
    insert into companies (name, city, state, request_price)
    select case when g = 1 then '${BIG_FIRM_NAME}' else 'Bench Firm ' || g || ' LLP' end, 'Denver', 'CO', 3500
    from generate_series(1, ${s.firms}) g order by g;
    create temporary table bench_firm as
    select id as company_id, n,
      case when n = 1 then ${s.bigFirmRequests} else ${Math.floor(rest / (s.firms - 1))} end as request_n,
      -- about one client per five requests at every size (20,000 for the big firm at 1M, 400 for the others)
      greatest(1, round(case when n = 1 then ${s.bigFirmRequests} else ${Math.floor(rest / (s.firms - 1))} end
        * 0.2))::int as patient_n,
      case when n = 1 then 40 else 4 end as paralegal_n
    from (select id, row_number() over (order by id) as n from companies
          where name like 'Bench %') c;
    create index on bench_firm (company_id);`;
}

/** Internal staff, then per firm one staff user (the big firm's signs in) and its paralegals. */
export function usersSql(s: BenchSizes, internalCompanyId: number, passwordHash: string): string {
  return `
    insert into users (first_name, last_name, email, company_id, is_staff, password_hash)
    select ${pick(FIRST)}, ${pick(LAST)}, 'worker' || g || '@directdocs.bench', ${internalCompanyId}, true,
      case when g = 1 then '${passwordHash}' end
    from generate_series(1, ${s.internalStaff}) g order by g;
    insert into users (first_name, last_name, email, company_id, is_staff, password_hash)
    select ${pick(FIRST)}, ${pick(LAST)},
      case when f.n = 1 then '${BENCH_STAFF_EMAIL}' else 'staff@firm' || f.n || '.bench' end,
      f.company_id, true, '${passwordHash}'
    from bench_firm f;
    insert into users (first_name, last_name, email, company_id, is_staff)
    select ${pick(FIRST)}, ${pick(LAST)}, 'paralegal' || g.k || '@firm' || f.n || '.bench', f.company_id, false
    from bench_firm f cross join lateral generate_series(1, f.paralegal_n) g(k);
    create temporary table bench_user as
    select company_id, row_number() over (partition by company_id order by id) as k, id as user_id
    from users where not is_staff and company_id in (select company_id from bench_firm);
    create index on bench_user (company_id, k);
    -- The trigger that keeps the user directory is off during the load: its rows are copied in one pass.
    insert into user_directory (user_id, email, company_id, first_name, last_name, full_name, is_active)
    select id, email, company_id, first_name, last_name, full_name, is_active from users;`;
}

export function providersSql(s: BenchSizes): string {
  const towns = `array['St. Mary','Mercy','Valley','Summit','Riverside','Lakeview','Pioneer','Cedar','Grand','Northside']`;
  const kinds = `array['Hospital','Medical Center','Orthopedics','Imaging','Physical Therapy','Family Clinic','Chiropractic','Urgent Care']`;
  return `
    insert into providers (name, email, phone, city, state)
    select ${pick(towns)} || ' ' || ${pick(kinds)} || ' #' || g,
      case when random() < 0.7 then 'records' || g || '@provider.bench' end,
      '303-555-' || lpad((g % 10000)::text, 4, '0'), 'Denver', 'CO'
    from generate_series(1, ${s.providers}) g;
    ${verifiedProvidersSql()}`;
}

/** Staff have verified all but about 3% of the providers (the rest were added by a firm, 'new'). */
export function verifiedProvidersSql(): string {
  return `update providers set verified_at = now() - interval '1 year' where id % 33 <> 0;`;
}

export function patientsSql(): string {
  return `
    insert into patients (first_name, last_name, date_of_birth, company_id, city, state)
    select ${pick(FIRST)}, ${pick(LAST)}, date '1950-01-01' + (random() * 20000)::int, f.company_id, 'Denver', 'CO'
    from bench_firm f cross join lateral generate_series(1, f.patient_n) g;
    create temporary table bench_patient as
    select company_id, row_number() over (partition by company_id order by id) as k, id as patient_id
    from patients where company_id in (select company_id from bench_firm);
    create index on bench_patient (company_id, k);`;
}

/** The request types the generator chooses from: one or two names per request, none with a comma. */
const TYPE_COMBINATIONS = [
  ['Medical Records'],
  ['Medical Records', 'Billing Records'],
  ['Billing Records'],
  ['Radiology Images'],
  ['Medical Records', 'Radiology Images'],
  ['Itemized Billing'],
  ['Pathology'],
  ['Provider Certification of Received Records'],
];

export function requestTypesSql(): string {
  const names = [...new Set(TYPE_COMBINATIONS.flat())];
  return `
    insert into request_types (name) values ${names.map((n) => `('${n}')`).join(', ')}
    on conflict (name) do nothing;`;
}

/**
 * Each request's request_type_choices rows, in the order of its text copy. The generator's names hold no
 * comma, so reading its own text back is exact here (the application never does this).
 */
export function requestTypeChoicesSql(): string {
  return `
    insert into request_type_choices (request_id, request_type_id, position, company_id)
    select r.id, t.id, (p.ord - 1)::int, r.company_id
    from requests r
    cross join lateral unnest(string_to_array(r.request_type, ', ')) with ordinality p(name, ord)
    join request_types t on t.name = p.name;`;
}

/**
 * Requests over three years, inserted oldest first so internal numbers follow creation. Recent ones
 * are mostly open; older ones mostly completed or closed, as in a real firm.
 */
export function requestsSql(s: BenchSizes, internalCompanyId: number): string {
  const open = `array['Sent the Initial Medical Records Request','In Contact With Provider',
    'Provider Is Sending Documents','Need Assistance','Waiting for Direct Docs Response',
    'Completed - Documents Arrived']`;
  const done = `array['Closed - Documents Arrived','Closed - Documents Arrived','Closed - Documents Arrived',
    'Completed - Documents Arrived','Completed - Documents Arrived','Closed - No Documents Available',
    'Completed - No Documents Available','Closed - Originally no document found/now document arrived',
    'Closed - Cancelled Request','In Contact With Provider']`;
  const types = `array[${TYPE_COMBINATIONS.map((c) => `'${c.join(', ')}'`).join(',')}]`;
  return `
    insert into requests (status, request_type, rush, start_date, end_date, price, patient_id, provider_id,
      user_id, requester_id, company_id, working_on_id, created_at, received_document_at, first_downloaded_at,
      completed_date, closed_date, next_todo_date, follow_up_date, archived, due_date)
    select status, request_type, rush, (created_at - (60 + random() * 800)::int * interval '1 day')::date,
      (created_at - (1 + random() * 50)::int * interval '1 day')::date, case when rush then 4200 else 3500 end,
      patient_id, provider_id, user_id, requester_id, company_id, working_on_id, created_at, received,
      case when received is not null and random() < 0.85
        then least(received + random() * interval '10 days', now()) end,
      case when status like 'Completed%' then coalesce(received, created_at + interval '30 days') end,
      case when status like 'Closed%' then coalesce(received, created_at) + interval '20 days' end,
      todo, todo, status like 'Closed%' and random() < 0.02,
      -- The legal due date: 30 days after a first send the day after ordering; none before the first send
      -- or while the request waits on the firm (decision 048).
      case when status not in ('Requested By Lawyer', 'Need Assistance') then (created_at + interval '31 days')::date end
    from (
      select *, case when status in ('Completed - Documents Arrived', 'Closed - Documents Arrived',
          'Closed - Originally no document found/now document arrived')
        then least(created_at + (3 + random() * 50) * interval '1 day', now()) end as received,
        -- Open requests carry their next follow-up (as notes.reminders.ts keeps it): about a fifth due by
        -- today, the rest within the next two weeks; closed ones have none.
        case when status not like 'Completed%' and status not like 'Closed%'
          then current_date + (random() * 18 - 4)::int end as todo
      from (
        select x.company_id, bp.patient_id, bu.user_id,
          case when random() < 0.7 then bu.user_id else bu2.user_id end as requester_id,
          (select min(id) from providers) + floor(power(random(), 2) * ${s.providers})::int as provider_id,
          random() < 0.12 as rush, ${pick(types)} as request_type,
          case when random() < 0.7 then (select min(id) from users where company_id = ${internalCompanyId})
            + floor(random() * ${s.internalStaff})::int end as working_on_id,
          now() - x.age * interval '1 day' as created_at,
          case
            when x.age < 3 then case when random() < 0.7 then 'Requested By Lawyer'
              else 'Sent the Initial Medical Records Request' end
            when x.age < 90 then ${pick(open)}
            else ${pick(done)}
          end as status
        from (
          -- offset 0 keeps each random value computed once per row
          select f.company_id, random() * 1095 as age, 1 + floor(random() * f.patient_n)::int as pk,
            1 + floor(random() * f.paralegal_n)::int as uk, 1 + floor(random() * f.paralegal_n)::int as uk2
          from bench_firm f cross join lateral generate_series(1, f.request_n) offset 0
        ) x
        join bench_patient bp on bp.company_id = x.company_id and bp.k = x.pk
        join bench_user bu on bu.company_id = x.company_id and bu.k = x.uk
        join bench_user bu2 on bu2.company_id = x.company_id and bu2.k = x.uk2
        offset 0
      ) y
      offset 0
    ) z
    order by created_at;`;
}

/** A client whose name the random lists never produce, with the same number of requests at every size. */
export const ONE_CLIENT = { firstName: 'Marisol', lastName: 'Okonkwo', requests: 12 };

/**
 * Gives the big firm's client ONE_CLIENT exactly ONE_CLIENT.requests active requests spread over the
 * years, so a search for one client compares the same answer at 10k and at 1M requests.
 */
export function oneClientSql(): string {
  return `
    with client as (
      insert into patients (first_name, last_name, date_of_birth, company_id, city, state)
      select '${ONE_CLIENT.firstName}', '${ONE_CLIENT.lastName}', date '1979-04-12', company_id, 'Denver', 'CO'
      from bench_firm where n = 1
      returning id, company_id),
    chosen as materialized (
      select r.id from requests r join client on r.company_id = client.company_id
      where r.active and not r.archived order by random() limit ${ONE_CLIENT.requests})
    update requests r set patient_id = client.id
    from client, chosen
    where r.id = chosen.id;`;
}

/**
 * Records files for received requests (one or two, verified), supporting files, and their audit rows. The
 * files carry a hash and are indexed for search, as the server's own chores leave every stored file: the
 * generated files have no stored bytes, and the chores would otherwise try each of them again on every start,
 * in the middle of what is being measured.
 */
export function filesSql(internalCompanyId: number): string {
  const staff = `(select min(id) from users where company_id = ${internalCompanyId} and is_staff)`;
  return `
    insert into files (name, url, request_id, verified_by_id, supporting_file, size_bytes, content_type, created_at,
      company_id)
    select 'Medical Records ' || g || '.pdf', 'provider-records/bench-' || r.id || '-' || g || '.pdf', r.id,
      ${staff}, false, 250000, 'application/pdf', r.received_document_at - interval '2 hours', r.company_id
    from requests r cross join lateral generate_series(1, 1 + (r.id % 3 = 0)::int) g
    where r.received_document_at is not null;
    insert into files (name, url, request_id, supporting_file, size_bytes, content_type, created_at, company_id)
    select 'Signed HIPAA Authorization.pdf', 'supporting-documents/bench-' || r.id || '.pdf', r.id, true,
      90000, 'application/pdf', r.created_at + interval '5 minutes', r.company_id
    from requests r where r.id % 5 = 0;
    insert into file_accesses (action, ip, file_id, user_id, created_at, company_id)
    select 'UPLOAD', '192.0.2.10', f.id, coalesce(f.verified_by_id, r.requester_id), f.created_at, r.company_id
    from files f join requests r on r.id = f.request_id;
    insert into file_accesses (action, ip, file_id, user_id, created_at, company_id)
    select 'DOWNLOAD', '203.0.113.20', f.id, r.user_id, r.first_downloaded_at, r.company_id
    from files f join requests r on r.id = f.request_id
    where r.first_downloaded_at is not null and not f.supporting_file;
    update files set sha256 = encode(sha256(convert_to(url, 'UTF8')), 'hex');
    insert into record_indexing (file_id, request_id, company_id, status, pages, indexed_at)
    select f.id, f.request_id, f.company_id, 'indexed', 1, f.created_at
    from files f where not f.supporting_file;`;
}

/** What the trigger notes_touch_request keeps in the application: each request's newest note. */
export function lastNoteSql(): string {
  return `
    update requests r set last_note_at = n.newest
    from (select request_id, max(created_at) as newest from notes group by request_id) n
    where n.request_id = r.id;`;
}

export function notesSql(perRequest: number): string {
  const texts = `array['Called provider, records department will process within 10 business days.',
    'Faxed HIPAA authorization again.','Provider requested prepayment; invoice forwarded.',
    'Left voicemail with records custodian.','Records received and uploaded.','Client signed new release.']`;
  return `
    insert into notes (text, user_id, request_id, created_at, company_id)
    select ${pick(texts)}, coalesce(r.working_on_id, r.user_id), r.id,
      r.created_at + g * interval '2 days', r.company_id
    from requests r
    -- a hash of the id, not random(): an uncorrelated argument would be computed once for all rows
    cross join lateral generate_series(1, 1 + abs(hashint8(r.id)) % ${2 * perRequest - 1}) g;`;
}

/**
 * Invoice lines for every finished request (its quote, column to column, so the unit is the schema's), and
 * per firm one billing per month for the lines finished before this month: paid when over two months old.
 */
export function billingsSql(): string {
  const finished = 'coalesce(r.closed_date, r.completed_date)';
  return `
    create temporary table bench_billing on commit drop as
    with months as (
      select distinct r.company_id, date_trunc('month', ${finished}) as m from requests r
      where r.active and ${finished} < date_trunc('month', now())),
    made as (
      insert into billings (title, company_id, is_paid, paid_at, created_at)
      select 'Invoice ' || to_char(m, 'YYYY-MM'), company_id, m < date_trunc('month', now()) - interval '2 months',
        case when m < date_trunc('month', now()) - interval '2 months' then m + interval '40 days' end,
        m + interval '1 month'
      from months order by m, company_id
      returning id, company_id, created_at, is_paid, paid_at)
    select * from made;
    insert into invoices (request_id, price, provider_cost, is_paid, paid_at, bill_id, created_at, company_id)
    select r.id, r.price, r.provider_cost, coalesce(b.is_paid, false), b.paid_at, b.id, ${finished}, r.company_id
    from requests r
    left join bench_billing b on b.company_id = r.company_id
      and b.created_at = date_trunc('month', ${finished}) + interval '1 month'
    where r.active and ${finished} is not null;
    -- What the trigger invoices_billed_price keeps (triggers are off during the load).
    update requests r set billed_price = i.total
    from (select request_id, sum(price) as total from invoices where bill_id is not null group by request_id) i
    where i.request_id = r.id;`;
}

/**
 * Form links as the screens save them (a client's or request's HIPAA consent, a request's intake form, a
 * firm's release form, a provider's request form), on a share of the rows, so a link is found among many.
 */
export function formLinksSql(): string {
  return `
    update patients set hipaa_consent_url = 'hipaa-forms/bench-patient-' || id || '.pdf' where id % 4 = 0;
    update requests set hipaa_consent_url = 'hipaa-forms/bench-request-' || id || '.pdf' where id % 7 = 0;
    update requests set intake_form_url = 'hipaa-forms/bench-intake-' || id || '.pdf' where id % 9 = 0;
    update companies set release_form_url = 'company-forms/bench-release-' || id || '.pdf' where id % 2 = 0;
    update providers set medical_request_url = 'provider-forms/bench-provider-' || id || '.pdf' where id % 3 = 0;`;
}
