import type { FormFieldModel, PdfForm, PdfFormDetail, PdfFormKind, PdfFormMapping } from '@dd/shared';
import { get, post } from '../../api/client';

/** The PDF form calls of the staff spec's section 7, typed, and their query keys. */
export const pdfFormKeys = {
  all: ['pdf-forms'] as const,
  page: (kind: PdfFormKind, name: string, page: number, size: number) =>
    ['pdf-forms', 'page', kind, name, page, size] as const,
  one: (id: number) => ['pdf-forms', 'one', id] as const,
  fields: (model: FormFieldModel, formId: number) => ['pdf-forms', 'fields', model, formId] as const,
};

export const pageForms = (
  kind: PdfFormKind,
  name: string,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
) =>
  get<{ count: number; results: PdfForm[] }>(
    '/api/pdfform/',
    { [kind]: 'True', page, page_size: pageSize, name: name.trim() || undefined },
    signal,
  );

export const getForm = (id: number, signal?: AbortSignal) =>
  get<PdfFormDetail>(`/api/home/pdfform/${id}/`, { related: 'mapping,pages' }, signal);

export const saveForm = (id: number | null, values: Record<string, unknown>) =>
  post<PdfFormDetail>(id ? `/api/home/pdfform/${id}/` : '/api/home/pdfform/', values);

export const deleteForm = (id: number) => post<{ success: string }>(`/api/home/pdfform/${id}/delete/`);

export const renderPages = (id: number) => post<PdfFormDetail>(`/convertPDFToJPG/${id}/`);

export const getFields = (model: FormFieldModel, formId: number, signal?: AbortSignal) =>
  get<[string, string][]>(`/api/home/${model}/fields/`, { form: formId }, signal);

export const addMapping = (values: Omit<PdfFormMapping, 'id'>) =>
  post<PdfFormMapping>('/api/home/pdfformmapping/', values);

export const moveMapping = (id: number, position: { position_x: number; position_y: number }) =>
  post<PdfFormMapping>(`/api/home/pdfformmapping/${id}/`, position);

export const deleteMapping = (id: number) =>
  post<{ success: string }>(`/api/home/pdfformmapping/${id}/delete/`);

export const filledForm = (requestId: number, kind: PdfFormKind) =>
  get<{ url: string; name: string }>(`/writeDataToPDF/${requestId}/${kind}/`);
