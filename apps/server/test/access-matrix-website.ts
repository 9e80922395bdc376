import { randomUUID } from 'node:crypto';
import type { AccessFixtures } from './access-fixtures';
import { id, type MatrixRow } from './access-matrix-kit';

/** Access matrix rows: website pages, their drafts and versions, component defaults and images. */
const STAFF = '401 403 403 403 403 403 200 200';
const EVERYONE = '200 200 200 200 200 200 200 200';
const page = () => ({
  name: 'Team',
  url: `/team-${randomUUID().slice(0, 8)}/`,
  components: ['Paragraph'],
  componentProps: [{ text: 'Hello' }],
});
const freshPageId = async (fx: AccessFixtures) => ({ params: id((await fx.freshPage()).page.id) });

export const WEBSITE_ROWS: Record<string, MatrixRow> = {
  'GET /api/modelWebsite/page/': { access: 'public', expect: EVERYONE },
  'GET /api/modelWebsite/page/:id/': { access: 'public', expect: EVERYONE, input: freshPageId },
  'POST /api/modelWebsite/page/': { access: 'internalStaff', expect: STAFF, input: () => ({ body: page() }) },
  'POST /api/modelWebsite/page/:id/': {
    access: 'internalStaff',
    expect: STAFF,
    input: async (fx) => ({ ...(await freshPageId(fx)), body: page() }),
  },
  'GET /api/modelWebsite/page/all/': { access: 'internalStaff', expect: STAFF },
  'GET /api/modelWebsite/page/:id/preview/': { access: 'internalStaff', expect: STAFF, input: freshPageId },
  'POST /api/modelWebsite/page/:id/publish/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 400 400',
    note: '400: the fresh page has no draft to publish',
    input: freshPageId,
  },
  'POST /api/modelWebsite/page/:id/delete/': { access: 'internalStaff', expect: STAFF, input: freshPageId },
  'GET /api/modelWebsite/page/:id/versions/': { access: 'internalStaff', expect: STAFF, input: freshPageId },
  'POST /api/modelWebsite/page/:id/versions/:version/restore/': {
    access: 'internalStaff',
    expect: STAFF,
    input: async (fx) => {
      const { page, version } = await fx.freshPage();
      return { params: { id: page.id, version: version.id } };
    },
  },
  'GET /api/home/component/': { access: 'internalStaff', expect: STAFF },
  'GET /api/home/component/:id/': {
    access: 'internalStaff',
    expect: STAFF,
    input: () => ({ params: id(1) }),
  },
  'POST /api/home/component/:id/': {
    access: 'internalStaff',
    expect: STAFF,
    input: () => ({ params: id(16), body: { props: { height: 40 } } }),
  },
  'GET /api/modelWebsite/image/:name': {
    access: 'public',
    expect: '404 404 404 404 404 404 404 404',
    note: 'an image name that was never uploaded',
    input: () => ({ params: { name: `${randomUUID()}.png` } }),
  },
  'POST /api/modelWebsite/image/': {
    access: 'internalStaff',
    expect: '401 403 403 403 403 403 400 400',
    note: '400: called without a multipart body',
  },
};
