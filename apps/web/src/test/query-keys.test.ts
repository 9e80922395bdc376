/** Query keys: each feature declares its keys in its api module, and no two registries share a
 * key's first word, so one feature's invalidation never reaches another's cache by accident; data several
 * features show lives in api/data.ts and is refreshed by kind. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = join(dirname(fileURLToPath(import.meta.url)), '..');

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

const features = readdirSync(join(src, 'features'));
/** The key registries: each feature's api module and the shared data module. */
const registries = [
  join(src, 'api/data.ts'),
  join(src, 'api/settings.ts'),
  ...features.map((f) => join(src, 'features', f, 'api.ts')),
];

describe('query keys', () => {
  it('are written as literals only in a key registry', () => {
    const literals = [...sourceFiles(join(src, 'features'))]
      .filter((file) => !registries.includes(file))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${relative(src, file)}:${i + 1}` }))
          .filter(({ line }) => /queryKey:\s*\[/.test(line))
          .map(({ at }) => at),
      );
    expect(literals).toEqual([]);
  });

  it('start with a word that belongs to one registry', () => {
    const owners = new Map<string, Set<string>>();
    for (const file of registries) {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue; // a feature without calls of its own
      }
      for (const [, word] of text.matchAll(/(?:=>|:)\s*\[\s*'([^']+)'/g)) {
        owners.set(word, (owners.get(word) ?? new Set()).add(relative(src, file)));
      }
    }
    const shared = [...owners]
      .filter(([, files]) => files.size > 1)
      .map(([word, files]) => [word, [...files]]);
    expect(shared).toEqual([]);
  });
});
