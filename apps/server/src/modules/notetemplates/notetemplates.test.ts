import { randomUUID } from 'node:crypto';
import { noteTemplateNameRequiredMessage, noteTemplateTextRequiredMessage } from '@dd/shared';
import { describe, expect, it } from 'vitest';
import { callers, signedIn } from '../../../test/factories';
import { getContext, INTERNAL_COMPANY_ID } from '../../../test/helpers';

/** Note templates (notelist): list by name, add, edit, delete; internal staff only. */
const BASE = '/api/home/notetemplate/';

describe('note templates', () => {
  it('adds, lists by name, edits and deletes', async () => {
    const { app, deps } = await getContext();
    const staff = await signedIn(deps, { companyId: INTERNAL_COMPANY_ID, isStaff: true });
    const send = (url: string, payload?: unknown) =>
      app.inject({ method: 'POST', url, headers: staff.headers, payload: payload as object });
    const tag = randomUUID().slice(0, 6);
    const zeta = await send(BASE, { name: `Zeta ${tag}`, description: '', text: ' Left a voicemail. ' });
    expect(zeta.statusCode).toBe(201);
    expect(zeta.json()).toMatchObject({ name: `Zeta ${tag}`, description: null, text: 'Left a voicemail.' });
    const alpha = await send(BASE, { name: `Alpha ${tag}`, description: 'First contact', text: 'Faxed.' });
    const list = await app.inject({ url: BASE, headers: staff.headers });
    expect(list.statusCode).toBe(200);
    const names: string[] = list.json().map((t: { name: string }) => t.name);
    expect(names.indexOf(`Alpha ${tag}`)).toBeLessThan(names.indexOf(`Zeta ${tag}`));

    const edited = await send(`${BASE}${alpha.json().id}/`, { name: `Alpha ${tag}`, text: 'Faxed twice.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ text: 'Faxed twice.', description: null });
    for (const [body, message] of [
      [{ name: ' ', text: 'x' }, noteTemplateNameRequiredMessage],
      [{ name: 'x', text: '' }, noteTemplateTextRequiredMessage],
      [{ text: 'x' }, noteTemplateNameRequiredMessage],
    ] as const) {
      const res = await send(BASE, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect((await send(`${BASE}${zeta.json().id}/delete/`)).json()).toEqual({ success: true });
    expect((await send(`${BASE}${zeta.json().id}/delete/`)).statusCode).toBe(404);
    expect((await send(`${BASE}${zeta.json().id}/`, { name: 'a', text: 'b' })).statusCode).toBe(404);
  });

  it('answers 403 to everyone but internal staff and 401 to anonymous callers', async () => {
    const { app, deps } = await getContext();
    const who = await callers(deps);
    for (const caller of [who.firmUser, who.firmStaff, who.otherFirm, who.internalUser]) {
      expect((await app.inject({ url: BASE, headers: caller.headers })).statusCode).toBe(403);
      for (const url of [BASE, `${BASE}1/`, `${BASE}1/delete/`]) {
        const res = await app.inject({
          method: 'POST',
          url,
          headers: caller.headers,
          payload: { name: 'a', text: 'b' },
        });
        expect(res.statusCode, url).toBe(403);
      }
    }
    expect((await app.inject({ url: BASE })).statusCode).toBe(401);
  });
});
