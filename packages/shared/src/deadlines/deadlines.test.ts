import { describe, expect, it } from 'vitest';
import { STATUS } from '../statuses';
import {
  addBusinessDays,
  addCalendarDays,
  businessDaysBetween,
  clockFromHistory,
  DEADLINE_RULES,
  deadlineFor,
  deadlineStatus,
  describeRule,
  isBusinessDay,
  isFederalHoliday,
  LEGAL_BASES,
  stateCode,
  stateTimeZone,
} from '.';

describe('the business-day calendar', () => {
  it('skips weekends and the federal holidays as observed', () => {
    expect(addBusinessDays('2026-11-20', 1)).toBe('2026-11-23'); // Friday → Monday
    expect(addBusinessDays('2026-11-21', 1)).toBe('2026-11-23'); // Saturday → Monday
    // Monday + 7 business days would be Wednesday next week; Thanksgiving (26 November) moves it a day.
    expect(addBusinessDays('2026-11-23', 7)).toBe('2026-12-03');
    expect(isFederalHoliday('2026-07-03')).toBe(true); // 4 July 2026 is a Saturday: observed on Friday
    expect(isFederalHoliday('2026-07-04')).toBe(false);
    expect(isFederalHoliday('2021-12-31')).toBe(true); // New Year's Day 2022 was a Saturday
    expect(isFederalHoliday('2026-06-19')).toBe(true); // Juneteenth
    expect(isBusinessDay('2026-11-11')).toBe(false); // Veterans Day
  });

  it('counts the business days between two dates as a day-by-day walk does', () => {
    const walked = (from: string, to: string) => {
      let count = 0;
      for (let day = addCalendarDays(from, 1); day <= to; day = addCalendarDays(day, 1)) {
        if (isBusinessDay(day)) count += 1;
      }
      return count;
    };
    expect(businessDaysBetween('2026-11-20', '2026-12-02')).toBe(7); // Thanksgiving skipped
    expect(businessDaysBetween('2026-12-02', '2026-11-20')).toBe(0);
    // Every start across four years (weekends, holidays, New Year observed in December), spans up to 800 days.
    for (let start = '2020-12-20', i = 0; i < 1500; i++, start = addCalendarDays(start, 1)) {
      const to = addCalendarDays(start, (i * 37) % 800);
      expect(businessDaysBetween(start, to), `${start} → ${to}`).toBe(walked(start, to));
    }
  });
});

describe('the due date', () => {
  const base = { state: 'CO', sentOn: '2026-11-02' } as const;

  it('gives HIPAA patient access 30 days, run to the next business day', () => {
    const d = deadlineFor({ ...base, basis: 'patient_access' });
    expect(d.rule.id).toBe('hipaa-access');
    expect(d.due).toBe('2026-12-02');
    // 30 days from 4 June 2026 end on Saturday 4 July; the observed holiday was the 3rd, so Monday the 6th.
    expect(deadlineFor({ ...base, basis: 'patient_access', sentOn: '2026-06-04' }).due).toBe('2026-07-06');
  });

  it('takes the strictest rule: a shorter state law wins over HIPAA', () => {
    const texas = deadlineFor({ ...base, state: 'Texas', basis: 'patient_access' });
    expect(texas.rule.id).toBe('tx-electronic');
    expect(texas.due).toBe('2026-11-24'); // 15 business days, Veterans Day skipped
    const hospital = deadlineFor({ ...base, state: 'TX', basis: 'authorization', providerKind: 'hospital' });
    expect([hospital.rule.id, hospital.due]).toEqual(['tx-hospital', '2026-11-24']);
    // Without knowing the provider is a hospital, an authorization in Texas falls to the default.
    expect(deadlineFor({ ...base, state: 'TX', basis: 'authorization' }).rule.id).toBe('default-30');
    const california = deadlineFor({ ...base, state: 'CA', basis: 'authorization' });
    expect([california.rule.id, california.due]).toEqual(['ca-attorney-1158', '2026-11-09']); // 7th is a Saturday
  });

  it('applies a rule only to requests sent while it is in force', () => {
    const before = deadlineFor({ state: 'CA', basis: 'authorization', sentOn: '2019-06-03' });
    expect([before.rule.id, before.due]).toEqual(['default-30', '2019-07-03']);
    expect(deadlineFor({ state: 'CO', basis: 'subpoena', sentOn: '2026-11-02' }).rule.id).toBe('default-30');
  });

  it('stops the clock while the request waits on the firm and resumes with the days it had left', () => {
    const pauses = [{ from: '2026-11-10', to: '2026-11-20' }];
    // Ten days not counted: 2 December + 10 = Saturday 12 December, so Monday the 14th.
    expect(deadlineFor({ ...base, basis: 'patient_access', pauses }).due).toBe('2026-12-14');
    const waiting = deadlineFor({
      ...base,
      basis: 'patient_access',
      pauses: [{ from: '2026-11-10', to: null }],
    });
    expect([waiting.rule.id, waiting.due]).toEqual(['hipaa-access', null]);
  });

  it('moves the due date by an extension only when its notice came within the first period', () => {
    const notice = (extensionNoticeOn: string) =>
      deadlineFor({ ...base, basis: 'patient_access', extensionNoticeOn });
    expect(notice('2026-11-20').due).toBe('2027-01-04'); // 1 January is a holiday, then a weekend
    expect(notice('2026-12-05').due).toBe('2026-12-02');
    const texas = deadlineFor({
      ...base,
      state: 'TX',
      basis: 'patient_access',
      extensionNoticeOn: '2026-11-05',
    });
    expect(texas.due).toBe('2026-11-24'); // the Texas rule allows no extension
  });

  it('never falls on a weekend or a federal holiday, and never before the request was sent', () => {
    for (let day = '2025-12-01'; day < '2028-01-01'; day = addCalendarDays(day, 1)) {
      for (const basis of LEGAL_BASES) {
        for (const state of ['TX', 'CA', 'NY', null]) {
          const { due } = deadlineFor({ basis, state, sentOn: day, providerKind: 'hospital' });
          expect(due !== null && isBusinessDay(due) && due > day, `${basis} ${state} ${day} → ${due}`).toBe(
            true,
          );
        }
      }
    }
  });

  it('names every rule with its citation', () => {
    for (const rule of DEADLINE_RULES) expect(describeRule(rule)).toMatch(/\(.+\d.+\)$/);
    expect(new Set(DEADLINE_RULES.map((r) => r.id)).size).toBe(DEADLINE_RULES.length);
  });
});

describe('where a due date stands', () => {
  it('is due soon within 5 business days, overdue the day after, very overdue 30 days past', () => {
    expect(deadlineStatus('2026-12-02', '2026-11-20')).toBe('on_track'); // 7 business days left
    expect(deadlineStatus('2026-12-02', '2026-11-24')).toBe('due_soon'); // 5 left (Thanksgiving skipped)
    expect(deadlineStatus('2026-12-02', '2026-12-02')).toBe('due_soon');
    expect(deadlineStatus('2026-12-02', '2026-12-03')).toBe('overdue');
    expect(deadlineStatus('2026-12-02', '2026-12-31')).toBe('overdue');
    expect(deadlineStatus('2026-12-02', '2027-01-01')).toBe('very_overdue');
  });
});

describe('states', () => {
  it('reads codes and names as addresses write them, and gives their time zone', () => {
    expect([stateCode(' tx '), stateCode('Texas'), stateCode('new  york'), stateCode('Texass')]).toEqual([
      'TX',
      'TX',
      'NY',
      null,
    ]);
    expect(stateTimeZone('AZ')).toBe('America/Phoenix');
    expect(stateTimeZone(null)).toBe('America/New_York');
  });
});

describe('the clock read from the status history', () => {
  const at = (status: string, on: string) =>
    ({ status, on }) as Parameters<typeof clockFromHistory>[0][number];

  it('starts at the first send, stands still while the request needs the firm, restarts at a resubmission', () => {
    expect(clockFromHistory([at(STATUS.needAssistance, '2026-11-01')])).toBeNull();
    expect(
      clockFromHistory([
        at(STATUS.needAssistance, '2026-10-30'), // before the send: no pause
        at(STATUS.initialRequestSent, '2026-11-02'),
        at(STATUS.needAssistance, '2026-11-10'),
        at(STATUS.needAssistance, '2026-11-12'), // still the same pause
        at(STATUS.inContact, '2026-11-20'),
        at(STATUS.needAssistance, '2026-11-25'),
      ]),
    ).toEqual({
      sentOn: '2026-11-02',
      pauses: [
        { from: '2026-11-10', to: '2026-11-20' },
        { from: '2026-11-25', to: null },
      ],
    });
    expect(
      clockFromHistory([
        at(STATUS.initialRequestSent, '2026-11-02'),
        at(STATUS.requestedByLawyer, '2026-11-05'),
        at(STATUS.initialRequestSent, '2026-11-09'),
      ]),
    ).toEqual({ sentOn: '2026-11-09', pauses: [] });
  });
});
