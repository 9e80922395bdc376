/** The shared fetch stub and render helper (apps/web/src/test/api-stub.tsx). */
export { type ApiCall, json, renderWithQuery, stubApi } from '../../test/api-stub';
