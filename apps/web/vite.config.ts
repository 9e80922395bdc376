import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

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
        // zod in a chunk of its own: left to the automatic split it absorbed small shared components
        // (TextInput), so the sign-in page downloaded the whole schema library for them (issue 9 §3).
        codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }] },
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./vitest.setup.ts'],
    css: false,
    // Rendering the 300-row invite grid takes well under a second when idle, several on a loaded machine.
    testTimeout: 20_000,
  },
});
