/**
 * The spec's generic admin looks related records up with GET /api/{app}/{model}/?values_list=id. Where the
 * product has its own list at that path (/api/home/company/, /api/home/provider/, …), Fastify would route
 * the call there, and that list does not know the parameter. No product route takes `values_list`, so a
 * list call carrying it is sent to the data-administration list (same handler, same access rule) before
 * routing.
 */
const MODEL_LIST = /^\/api\/(?!admin\/)([A-Za-z]{1,40})\/([a-z][a-z0-9_]{0,62})\/\?(.*)$/;

export function adminOptionsUrl(method: string | undefined, url: string | undefined): string | undefined {
  if (method !== 'GET' || !url) return undefined;
  const match = MODEL_LIST.exec(url);
  if (!match) return undefined;
  const params = new URLSearchParams(match[3]);
  return params.has('values_list') ? `/api/admin/${match[1]}/${match[2]}/?${match[3]}` : undefined;
}
