/**
 * `npm run build -w apps/server`: the server compiled for production into dist/, run by plain Node with
 * no development tool (no tsx, no TypeScript). esbuild bundles our code, the shared package (TypeScript
 * source) and the npm packages but a few (EXTERNAL); dist/ also gets the migrations and a package.json
 * of those few at the versions installed here, so a copy of dist/ (beside the web app's dist/) needs
 * only `npm install --omit=dev` (docs/deploy.md).
 */
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(serverDir, 'dist');
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const server = readJson(path.join(serverDir, 'package.json'));
const shared = readJson(path.join(serverDir, '../../packages/shared/package.json'));
const root = readJson(path.join(serverDir, '../../package.json'));

/**
 * Bundled with everything else: resolving and reading thousands of small files was most of a cold start.
 * These stay outside, installed beside dist/: they load WebAssembly or native code, or serve files of
 * their own package (pdfjs's fonts and worker, Swagger UI's assets); pg-native is pg's optional driver.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'pdfjs-dist',
  'swagger-ui-dist',
  '@napi-rs/canvas',
  'pg-native',
];
const runtime = Object.keys({ ...shared.dependencies, ...server.dependencies }).filter((d) =>
  EXTERNAL.includes(d),
);

/**
 * A worker thread starts from a file of its own: every `*-worker.ts` / `*.worker.ts` under src that
 * listens on parentPort becomes its own entry, found beside main.js.
 */
function workerEntries(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return workerEntries(file);
    const named = /[.-]worker\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts');
    return named && readFileSync(file, 'utf8').includes('parentPort') ? [file] : [];
  });
}

rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: serverDir,
  entryPoints: [
    'src/main.ts',
    'src/admin-cli.ts',
    'src/backup-cli.ts',
    ...workerEntries(path.join(serverDir, 'src')),
  ],
  // Flat: code finds its siblings (migrations/, a worker's file) next to the file it runs from.
  entryNames: '[name]',
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: EXTERNAL,
  sourcemap: true,
  logLevel: 'warning',
  // Bundled CommonJS helpers that call require() get one in an ES module.
  banner: {
    js: "import { createRequire as __ddRequire } from 'node:module'; const require = __ddRequire(import.meta.url);",
  },
});
cpSync(path.join(serverDir, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });

/** The version the lock file installed, so production runs what the tests ran. */
const lock = readJson(path.join(serverDir, '../../package-lock.json')).packages;
const installed = (name) =>
  (lock[`apps/server/node_modules/${name}`] ?? lock[`node_modules/${name}`]).version;
writeFileSync(
  path.join(dist, 'package.json'),
  `${JSON.stringify(
    {
      name: 'directdocs-server',
      private: true,
      version: server.version,
      type: 'module',
      engines: root.engines,
      scripts: {
        start: 'node --enable-source-maps main.js',
        admin: 'node admin-cli.js',
        backup: 'node backup-cli.js backup',
        restore: 'node backup-cli.js restore',
      },
      dependencies: Object.fromEntries(runtime.sort().map((d) => [d, installed(d)])),
    },
    null,
    2,
  )}\n`,
);
console.log(`Server compiled into ${path.relative(process.cwd(), dist) || '.'}`);
