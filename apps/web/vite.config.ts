import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Test files that replace one of our modules (`vi.mock`), or leave state in one that lasts the page's life
 * (marked `@own-modules`), get a module registry of their own; every other file shares its worker's loaded
 * modules instead of importing Mantine and the app again (86 s → about 50 s).
 */
const src = fileURLToPath(new URL('src', import.meta.url));
const testFiles = (readdirSync(src, { recursive: true }) as string[])
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.replaceAll('\\', '/')}`);
const ownModules = testFiles.filter((file) =>
  /vi\.mock\(|@own-modules/.test(readFileSync(new URL(file, import.meta.url), 'utf8')),
);

const nodeModule = (dir: string, names: string[]) => `node_modules/${dir}/(${names.join('|')})(/|\\.)`;
const UI_BASICS = new RegExp(
  [
    nodeModule('@mantine/core/esm/components', [
      'Alert',
      'Anchor',
      'Button',
      'Center',
      'CloseButton',
      'Divider',
      'Group',
      'List',
      'Loader',
      'Paper',
      'SimpleGrid',
      'Stack',
      'Text',
      'ThemeIcon',
      'Title',
    ]),
    nodeModule('@mantine/core/esm/core/utils', ['create-safe-context', 'random-id']),
    nodeModule('@mantine/hooks/esm', ['use-id', 'use-reduced-motion']),
    nodeModule('@tabler/icons-react/dist/esm', ['createReactComponent', 'defaultAttributes']),
  ].join('|'),
);

const api = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
const proxied = [
  '/api',
  '/users',
  '/getFileUrl',
  '/get_related_info',
  '/save_related_info',
  '/writeDataToPDF',
  '/convertPDFToJPG',
  '/healthz',
  '/readyz',
  '/files',
];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, api])),
  },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // zod in a chunk of its own: left to the automatic split it absorbed small shared components
            // (TextInput), so the sign-in page downloaded the whole schema library for them.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // The small components nearly every screen shows, in one chunk: left to the automatic split
            // each became a file of its own, under 1 kB and so sent uncompressed, which cost the first
            // visit about 9 kB.
            { name: 'ui-basics', test: (id) => UI_BASICS.test(id.replaceAll('\\', '/')) },
          ],
        },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    // Rendering the 300-row invite grid takes well under a second when idle, several on a loaded machine.
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: { name: 'shared-modules', include: testFiles, exclude: ownModules, isolate: false },
      },
      { extends: true, test: { name: 'own-modules', include: ownModules } },
    ],
  },
});
