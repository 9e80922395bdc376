/** bench/RESULTS.md holds one section per benchmark script, each replaced in place by its own run. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');

export async function writeSection(name: string, text: string): Promise<void> {
  const start = `<!-- ${name} -->`;
  const end = `<!-- /${name} -->`;
  const current = await readFile(FILE, 'utf8').catch(() => '# Benchmark results\n');
  const block = `${start}\n${text.trim()}\n${end}`;
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  await writeFile(FILE, next);
  console.log(`wrote the ${name} section of ${FILE}`);
}
