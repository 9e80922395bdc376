/** The import-boundary check run by `npm run check` (scripts/check-imports.mjs): it passes on the app and fails on a
 * feature that imports app/ or another feature's internals. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const script = join(here, '../../../../scripts/check-imports.mjs');
const check = (root: string) => spawnSync(process.execPath, [script, root], { encoding: 'utf8' });

let tree: string | undefined;
function makeTree(files: Record<string, string>) {
  tree = mkdtempSync(join(tmpdir(), 'imports-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  return tree;
}
afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

describe('web import boundaries', () => {
  it('hold in the app: no feature imports app/ or reaches into another feature', () => {
    const result = check(join(here, '..'));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it("fail on a feature that imports app/ or another feature's internals", () => {
    const root = makeTree({
      'app/auth.tsx': 'export const useAuth = () => null;\n',
      'features/files/index.ts': "export * from './api';\n",
      'features/files/api.ts': 'export const x = 1;\n',
      'features/dashboard/Screen.tsx': [
        "import { useAuth } from '../../app/auth';",
        "import { x } from '../files';",
        "import {\n  x as y,\n} from '../files/api';",
        "const lazy = () => import('../files/api.ts');",
        '',
      ].join('\n'),
      'features/dashboard/Screen.test.tsx': "vi.mock('../../app/auth', () => ({}));\n",
      'ui/widget.tsx': "import { x } from '../features/files';\n",
    });
    const result = check(root);
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n').slice(1);
    expect(lines.sort()).toHaveLength(5);
    expect(lines[0]).toMatch(/Screen\.test\.tsx:1: '\.\.\/\.\.\/app\/auth' imports app\//);
    expect(lines[1]).toMatch(/Screen\.tsx:1: '\.\.\/\.\.\/app\/auth' imports app\//);
    expect(lines[2]).toMatch(/Screen\.tsx:3: '\.\.\/files\/api' reaches into features\/files\/api/);
    expect(lines[3]).toMatch(/Screen\.tsx:6: '\.\.\/files\/api\.ts' reaches into/);
    expect(lines[4]).toMatch(/widget\.tsx:1: '\.\.\/features\/files' ui\/ imports a feature/);
  });

  it('allow a feature to use its own files and another feature through its index', () => {
    const root = makeTree({
      'features/files/index.ts': "export * from './api';\n",
      'features/files/api.ts': "import { z } from '../../ui';\nexport const x = z;\n",
      'features/dashboard/Screen.tsx': "import { x } from '../files';\nimport { y } from './parts/y';\n",
      'features/dashboard/parts/y.ts': "import { x } from '../../files/index';\nexport const y = x;\n",
      'ui/index.ts': 'export const z = 1;\n',
    });
    expect(check(root).status).toBe(0);
  });
});
