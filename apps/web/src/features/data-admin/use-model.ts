import type { AdminModel } from '@dd/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { adminKeys, getModel, listApps, listFields, listModels } from './api';

/** A model's description, its fields and its app's label: what every record screen starts from. */
export function useModel(app: string, model: string) {
  const apps = useQuery({ queryKey: adminKeys.apps, queryFn: ({ signal }) => listApps(signal) });
  const described = useQuery({
    queryKey: adminKeys.model(app, model),
    queryFn: ({ signal }) => getModel(app, model, signal),
  });
  const fields = useQuery({
    queryKey: adminKeys.fields(app, model),
    queryFn: ({ signal }) => listFields(app, model, signal),
  });
  return {
    appLabel: apps.data?.find((a) => a.name === app)?.label ?? app,
    model: described.data,
    fields: fields.data,
    error: described.error ?? fields.error,
  };
}

/** Every administrable model of every app; `loading` until the apps have arrived. */
export function useAllModels(): { models: AdminModel[]; loading: boolean } {
  const apps = useQuery({ queryKey: adminKeys.apps, queryFn: ({ signal }) => listApps(signal) });
  const models = useQueries({
    queries: (apps.data ?? []).map((app) => ({
      queryKey: adminKeys.models(app.name),
      queryFn: ({ signal }: { signal: AbortSignal }) => listModels(app.name, signal),
    })),
  });
  return { models: models.flatMap((q) => q.data ?? []), loading: apps.isPending };
}
