/** The server behind the client and provider pickers, for tests of forms that use them. */
import type { Client, Provider } from '@dd/shared';
import { type ApiCall, json } from './api-stub';

const includes = (text: string, part: string | null) =>
  !part || text.toLowerCase().includes(part.toLowerCase());

/**
 * Answers the pickers' GET calls as the server would, from the firm's `clients` and the `providers`
 * (by name, first letter or ids); returns undefined for any other call, so a test chains its own.
 */
export function pickerAnswers(clients: Client[], providers: Provider[]) {
  return (call: ApiCall): Response | undefined => {
    if (call.method !== 'GET') return undefined;
    if (call.path === '/api/home/patient/') {
      const company = Number(call.query.get('company'));
      return json(
        clients.filter((c) => c.company === company && includes(c.full_name, call.query.get('name'))),
      );
    }
    const clientId = /^\/api\/home\/patient\/(\d+)\/$/.exec(call.path)?.[1];
    if (clientId) {
      const found = clients.find((c) => c.id === Number(clientId));
      return found ? json(found) : json({ error: 'Not found.' }, 404);
    }
    if (call.path === '/api/home/provider/') {
      const ids = call.query.get('id__in')?.split(',').map(Number);
      const letter = call.query.get('starts_with');
      return json(
        providers.filter((p) =>
          ids
            ? ids.includes(p.id)
            : includes(p.name, call.query.get('name')) &&
              (!letter || p.name.toUpperCase().startsWith(letter)),
        ),
      );
    }
    return undefined;
  };
}
