import { id, type MatrixRow } from './access-matrix-kit';

/** Access matrix rows: the records package (decision 056). */
export const PACKAGE_ROWS: Record<string, MatrixRow> = {
  'GET /api/home/request/:id/package/': {
    access: 'authenticated',
    expect: '401 409 409 404 404 404 409 409',
    note: '409: the request has delivered no records yet (the package itself: recordspackage/package.test.ts); internal users who are not staff are not shown it',
    input: (fx) => ({ params: id(fx.request.id) }),
  },
};
