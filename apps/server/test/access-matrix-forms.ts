import { FORM_FIELD_MODELS } from '@dd/shared';
import { id, type MatrixRow } from './access-matrix-kit';

/** Access matrix rows: PDF form templates, their mappings and the filled forms: internal staff. */
const STAFF = '401 403 403 403 403 403 200 200';
const freshFormId = async (fx: { freshForm: () => Promise<{ form: { id: number } }> }) => ({
  params: id((await fx.freshForm()).form.id),
});

export const FORM_ROWS: Record<string, MatrixRow> = {
  'GET /api/pdfform/': { access: 'internalStaff', expect: STAFF, input: () => ({ query: 'provider=True' }) },
  'POST /api/home/pdfform/': {
    access: 'internalStaff',
    expect: STAFF,
    input: async (fx, caller) => ({
      body: { name: 'Release', url: await fx.formUpload(caller), provider: fx.provider.id },
    }),
  },
  'GET /api/home/pdfform/:id/': { access: 'internalStaff', expect: STAFF, input: freshFormId },
  'POST /api/home/pdfform/:id/': {
    access: 'internalStaff',
    expect: STAFF,
    input: async (fx) => {
      const { form } = await fx.freshForm();
      return {
        params: id(form.id),
        body: { name: 'Release (2026)', url: form.url, provider: fx.provider.id },
      };
    },
  },
  'POST /api/home/pdfform/:id/delete/': { access: 'internalStaff', expect: STAFF, input: freshFormId },
  'POST /convertPDFToJPG/:id/': { access: 'internalStaff', expect: STAFF, input: freshFormId },
  ...Object.fromEntries(
    FORM_FIELD_MODELS.map((model) => [
      `GET /api/home/${model}/fields/`,
      { access: 'internalStaff', expect: STAFF },
    ]),
  ),
  'POST /api/home/pdfformmapping/': {
    access: 'internalStaff',
    expect: STAFF,
    input: async (fx) => {
      const { form, page } = await fx.freshForm();
      return {
        body: { name: 'Patient.full_name', form: form.id, page: page.id, position_x: 0.5, position_y: 0.5 },
      };
    },
  },
  'POST /api/home/pdfformmapping/:id/': {
    access: 'internalStaff',
    expect: STAFF,
    input: async (fx) => ({
      params: id((await fx.freshMapping()).id),
      body: { position_x: 0.4, position_y: 0.6 },
    }),
  },
  'POST /api/home/pdfformmapping/:id/delete/': {
    access: 'internalStaff',
    expect: STAFF,
    input: async (fx) => ({ params: id((await fx.freshMapping()).id) }),
  },
  'GET /writeDataToPDF/:id/provider/': {
    access: 'internalStaff',
    expect: STAFF,
    input: async (fx) => {
      await fx.freshForm();
      return { params: id(fx.request.id) };
    },
  },
  'GET /writeDataToPDF/:id/company/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 404 404',
    note: 'the target firm has no form of its own: staff are told so (404), everyone else is refused first',
    input: (fx) => ({ params: id(fx.request.id) }),
  },
};
