/**
 * PDF isolation: how the server's event loop fares while hostile PDFs are rendered by the PDF worker
 * pool (decision 038). A plain HTTP endpoint in this process is called every 20 ms while each PDF is
 * worked on; the figures are its answer times, the event loop's longest stall, this process's memory
 * growth, and how each PDF was answered. `npx tsx pdf-isolation.ts` (no database needed).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createPdfPool, DEFAULT_PDF_LIMITS } from '../apps/server/src/modules/pdfforms/pdf-pool';
import { hostilePdfs } from '../apps/server/src/modules/pdfforms/pdfforms.hostile-pdfs';
import { percentiles } from './measure';
import { writeSection } from './results-file';

const cases: [string, () => Promise<Uint8Array> | Uint8Array][] = [
  ['a normal 3-page form', () => hostilePdfs.manyPages(3)],
  ['one 100 × 100 inch page', hostilePdfs.hugePage],
  ['a stream inflating to 300 MB', () => hostilePdfs.bomb(300)],
  ['3,000 pages', () => hostilePdfs.manyPages(3000)],
  ['a page tree that loops', hostilePdfs.loopedPageTree],
];

const server = createServer((_req, res) => res.end('ok'));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
const pool = createPdfPool(DEFAULT_PDF_LIMITS);
// A first job loads the worker, as the server's first PDF does; not measured.
await pool.render(await hostilePdfs.manyPages(1));

const rows: string[] = [];
for (const [name, make] of cases) {
  const bytes = await make();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const pings: number[] = [];
  let done = false;
  const began = performance.now();
  const job = pool.render(bytes, { inlineUpTo: 5 }).then(
    (r) => `rendered ${r.pages ? r.pages.length : 0} of ${r.pageCount} pages`,
    (e: Error) => e.message,
  );
  delay.enable();
  void job.finally(() => {
    done = true;
  });
  while (!done) {
    const t = performance.now();
    await fetch(url).then((r) => r.text());
    pings.push(performance.now() - t);
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    await new Promise((r) => setTimeout(r, 20));
  }
  delay.disable();
  const answer = await job;
  const seconds = ((performance.now() - began) / 1000).toFixed(1);
  await new Promise((r) => setTimeout(r, 2000));
  const rssAfter = process.memoryUsage().rss;
  const p = percentiles(pings);
  rows.push(
    `| ${name} | ${(bytes.length / 1024).toFixed(1)} kB | ${seconds} s | ${answer} | ${pings.length} | ${p.p50.toFixed(1)} | ${Math.max(...pings).toFixed(1)} | ${(delay.max / 1e6).toFixed(1)} | ${((rssPeak - rssBefore) / 2 ** 20).toFixed(0)} MB | ${((rssAfter - rssBefore) / 2 ** 20).toFixed(0)} MB |`,
  );
  console.log(rows.at(-1));
}
await pool.close();
server.close();

await writeSection(
  'pdf-isolation',
  `## PDF isolation: the server while hostile PDFs render

Produced by \`cd bench && npx tsx pdf-isolation.ts\` (no database). ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0].toFixed(2)} at the end (a figure above 1 means other work shared the cores).

Each PDF goes to the server's PDF worker pool (decision 038: limits of ${DEFAULT_PDF_LIMITS.baseMs / 1000} s + ${DEFAULT_PDF_LIMITS.perPageMs / 1000} s a page, ${DEFAULT_PDF_LIMITS.memoryMb} MB heap, 200 pages, 17 × 22 inch pages) while an HTTP endpoint in the server's process is called every 20 ms. Before the pool, the same PDFs ran in the API's event loop: the 100-inch page froze every request for 28 s (+300 MB), the inflating stream got no answer, and the 3,000-page form rendered for 20 minutes with the staff list taking 6 s.

Worker threads share the server's process, so its memory (RSS) includes theirs: the peak while the PDF is worked on, and 2 s after its answer.

| PDF | size | answered after | answer | calls meanwhile | call p50 ms | call max ms | longest event-loop stall ms | RSS growth, peak | RSS growth, after |
|---|---:|---:|---|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}
`,
);
