import { describe, expect, it } from 'vitest';
import { fileBlocksSending, isMedicalDocument, NoteReminderBodySchema, nextDay, todayIn } from './staffwork';

describe('the send-to-lawyer gate', () => {
  const file = { archived: false, supporting_file: false, verified_by: null as null | { id: number } };
  it('is held by an unverified medical document only', () => {
    expect(fileBlocksSending(file)).toBe(true);
    expect(fileBlocksSending({ ...file, verified_by: { id: 1 } })).toBe(false);
    expect(fileBlocksSending({ ...file, archived: true })).toBe(false);
    expect(fileBlocksSending({ ...file, supporting_file: true })).toBe(false);
    expect(isMedicalDocument(file)).toBe(true);
    expect(isMedicalDocument({ ...file, supporting_file: true })).toBe(false);
  });
});

describe('todayIn', () => {
  const at = new Date('2024-03-10T03:30:00Z');
  it("gives the calendar day in the user's time zone, UTC when unknown", () => {
    expect(todayIn('America/Denver', at)).toBe('2024-03-09');
    expect(todayIn('Asia/Tokyo', at)).toBe('2024-03-10');
    expect(todayIn(null, at)).toBe('2024-03-10');
    expect(todayIn('Not/AZone', at)).toBe('2024-03-10');
  });

  it('gives the same day as a fresh formatter minute by minute, through midnights and clock changes', () => {
    // Denver and New York change their clocks on 10 March 2024; Kathmandu and Eucla are 45 minutes off the hour.
    const zones = ['America/Denver', 'America/New_York', 'Asia/Kathmandu', 'Australia/Eucla', 'UTC'];
    for (const zone of zones) {
      const fresh = new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' });
      for (let minute = 0; minute < 3 * 24 * 60; minute += 1) {
        const moment = new Date(Date.UTC(2024, 2, 9) + minute * 60_000);
        expect(todayIn(zone, moment), `${zone} ${moment.toISOString()}`).toBe(fresh.format(moment));
      }
    }
  });
});

describe('NoteReminderBodySchema', () => {
  it('takes null or a date, nothing else', () => {
    expect(NoteReminderBodySchema.safeParse({ reminder_date: null }).success).toBe(true);
    expect(NoteReminderBodySchema.safeParse({ reminder_date: '2030-1-2' }).success).toBe(true);
    expect(NoteReminderBodySchema.safeParse({ reminder_date: '01/02/2030' }).success).toBe(false);
    expect(NoteReminderBodySchema.safeParse({}).success).toBe(false);
    expect(NoteReminderBodySchema.safeParse({ reminder_date: null, text: 'x' }).success).toBe(false);
  });
});

describe('nextDay', () => {
  it('crosses a year', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
