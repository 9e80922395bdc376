import { STAFF_MSG, STATUS } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { call, notesOf, requestRow, staffCase } from './staffwork.fixtures';

/**
 * Whether the first e-mail to the provider went out is a fact the notes record (the first-send note or
 * a status that says the provider was reached), never "the request has a note": a firm's question
 * before the first send must not hide the first-send view or refuse 'I've sent the email'.
 */
const detail = (id: number, headers: Record<string, string>) =>
  call('GET', `/api/home/request/${id}/`, headers);
const markSent = (id: number, headers: Record<string, string>) =>
  call('POST', `/api/home/request/${id}/initial_sent/`, headers, {});
const firmNote = (id: number, headers: Record<string, string>, text = 'Did you get the HIPAA form?') =>
  call('POST', '/api/home/notes/', headers, { text, request: id });

describe('the first send is due until it happened', () => {
  it('stays due after the firm asks a question before the first send, and staff can then send it', async () => {
    const c = await staffCase();
    expect((await firmNote(c.request.id, c.contact.headers)).statusCode).toBe(201);
    expect((await requestRow(c.request.id)).status).toBe(STATUS.waitingForDirectDocs);

    const before = await detail(c.request.id, c.staff.headers);
    expect(before.json().first_send_due).toBe(true);
    const sent = await markSent(c.request.id, c.staff.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await notesOf(c.request.id)).at(-1)).toMatchObject({
      updateStatus: STATUS.initialRequestSent,
      previousStatus: STATUS.waitingForDirectDocs,
    });
    expect((await detail(c.request.id, c.staff.headers)).json().first_send_due).toBe(false);
  });

  it("lets the spec's {status} call send it after the firm's question too", async () => {
    const c = await staffCase();
    await firmNote(c.request.id, c.contact.headers);
    const sent = await call('POST', `/api/home/request/${c.request.id}/`, c.staff.headers, {
      status: 'Medical Records Request Sent',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await requestRow(c.request.id)).status).toBe(STATUS.initialRequestSent);
  });

  it('is not due again when the firm asks after the first send', async () => {
    const c = await staffCase();
    expect((await markSent(c.request.id, c.staff.headers)).statusCode).toBe(200);
    await firmNote(c.request.id, c.contact.headers);
    expect((await detail(c.request.id, c.staff.headers)).json().first_send_due).toBe(false);
    const again = await markSent(c.request.id, c.staff.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(STAFF_MSG.alreadySent);
  });

  it('stays due after staff ask the firm for help, and ends with the send', async () => {
    const c = await staffCase();
    const help = await call('POST', '/api/home/notes/', c.staff.headers, {
      text: 'The HIPAA form is unsigned.',
      update_status: STATUS.needAssistance,
      request: c.request.id,
    });
    expect(help.statusCode).toBe(201);
    expect((await detail(c.request.id, c.staff.headers)).json().first_send_due).toBe(true);
    expect((await markSent(c.request.id, c.staff.headers)).statusCode).toBe(200);

    const answered = await call('POST', '/api/home/notes/', c.staff.headers, {
      text: 'Provider answered',
      update_status: STATUS.inContact,
      request: c.request.id,
    });
    expect(answered.statusCode).toBe(201);
    expect((await detail(c.request.id, c.staff.headers)).json().first_send_due).toBe(false);
  });

  it('is never told to the law firm', async () => {
    const c = await staffCase();
    const seen = await detail(c.request.id, c.contact.headers);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).not.toHaveProperty('first_send_due');
  });
});
