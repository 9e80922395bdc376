/** Calls of the data administration, the model maker and disk usage (staff spec section 7). */
import type {
  AdminApp,
  AdminCsvResult,
  AdminField,
  AdminList,
  AdminModel,
  AdminOption,
  AdminRecord,
  DiskUsage,
  ModelConfig,
  ModelConfigBody,
  ModelPlan,
} from '@dd/shared';
import { get, post } from '../../api/client';

export const adminKeys = {
  all: ['data-admin'] as const,
  apps: ['data-admin', 'apps'] as const,
  models: (app: string) => ['data-admin', 'models', app] as const,
  model: (app: string, model: string) => ['data-admin', 'model', app, model] as const,
  fields: (app: string, model: string) => ['data-admin', 'fields', app, model] as const,
  records: (app: string, model: string, query: object) =>
    ['data-admin', 'records', app, model, query] as const,
  record: (app: string, model: string, id: number) => ['data-admin', 'record', app, model, id] as const,
  configs: ['model-configs'] as const,
  plan: (id: number) => ['model-configs', id, 'plan'] as const,
  diskUsage: ['disk-usage'] as const,
};

const base = (app: string, model: string) =>
  `/api/admin/${encodeURIComponent(app)}/${encodeURIComponent(model)}`;

export const listApps = (signal?: AbortSignal) => get<AdminApp[]>('/api/getApps/', undefined, signal);
export const listModels = (app: string, signal?: AbortSignal) =>
  get<AdminModel[]>(`/api/getModels/${encodeURIComponent(app)}/`, undefined, signal);
export const getModel = (app: string, model: string, signal?: AbortSignal) =>
  get<AdminModel>(`${base(app, model)}/model/`, undefined, signal);
export const listFields = (app: string, model: string, signal?: AbortSignal) =>
  get<AdminField[]>(`${base(app, model)}/fields/`, undefined, signal);
export const listRecords = (
  app: string,
  model: string,
  query: { limit: number; offset: number; search?: string },
  signal?: AbortSignal,
) => get<AdminList>(`${base(app, model)}/`, query, signal);
export const listOptions = (app: string, model: string, search: string, signal?: AbortSignal) =>
  get<AdminOption[]>(
    `${base(app, model)}/`,
    { values_list: 'id', search: search || undefined, limit: 50 },
    signal,
  );
export const getRecord = (app: string, model: string, id: number, signal?: AbortSignal) =>
  get<AdminRecord>(`${base(app, model)}/${id}/`, undefined, signal);
export const saveRecord = (app: string, model: string, id: number | null, values: Record<string, unknown>) =>
  post<AdminRecord>(id === null ? `${base(app, model)}/` : `${base(app, model)}/${id}/`, values);
export const deleteRecord = (app: string, model: string, id: number) =>
  post<{ success: true }>(`${base(app, model)}/${id}/delete/`, {});
export const uploadCsv = (app: string, model: string, csv: string, commit: boolean) =>
  post<AdminCsvResult>(`${base(app, model)}/csv/`, { csv, commit });

export const listModelConfigs = (signal?: AbortSignal) =>
  get<ModelConfig[]>('/api/modelConfig/', undefined, signal);
export const saveModelConfig = (id: number | null, body: ModelConfigBody) =>
  post<ModelConfig>(id === null ? '/api/modelConfig/' : `/api/modelConfig/${id}/`, body);
export const planModelConfig = (id: number, signal?: AbortSignal) =>
  get<ModelPlan>(`/api/modelConfig/${id}/plan/`, undefined, signal);
/** `confirmName`: the model's name as typed, which lets a change that removes data go ahead. */
export const applyModelConfig = (id: number, confirmName?: string) =>
  post<Pick<ModelPlan, 'statements' | 'drops'> & { message: string }>(`/api/modelConfig/${id}/apply/`, {
    confirm_name: confirmName,
  });
export const deleteModelConfig = (id: number, confirmName?: string) =>
  post<{ success: true }>(`/api/modelConfig/${id}/delete/`, { confirm_name: confirmName });

export const listDiskUsage = (signal?: AbortSignal) =>
  get<DiskUsage[]>('/api/home/diskusage/', undefined, signal);
export const takeDiskSnapshot = () => post<DiskUsage>('/api/home/diskusage/', {});
