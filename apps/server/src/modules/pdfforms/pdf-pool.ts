import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PDF_FORM_MSG } from '@dd/shared';
import { badRequest } from '../../lib/errors';
import type { PdfFacts } from '../recordspackage/bates-stamp';
import type { IndexRow } from '../recordspackage/index-pdf';
import type { Placement } from './pdf-fill';
import type { RenderedPage } from './pdf-pages';
import type { PdfAnswer, PdfTask } from './pdf-worker';

/**
 * PDFs are rendered and filled in worker threads, never in the server's event loop: a hostile PDF (a
 * huge page, a stream that inflates to gigabytes, thousands of pages) costs its worker, not every other
 * request. Each job has a time budget and its worker a memory cap; a job over either is stopped (its
 * worker ended) and refused with a message saying which. Page count and page size are checked by the
 * worker before it draws anything.
 */
export interface PdfPoolLimits {
  workers: number;
  /** A job's time; a rendering gets `perPageMs` more for each page once it knows how many. */
  baseMs: number;
  perPageMs: number;
  memoryMb: number;
  /** An idle worker ends after this long (pdfjs loads again, in about a second, on the next PDF). */
  idleMs: number;
  /** A new worker's time to load pdfjs and pdf-lib, before a job's own time starts. */
  bootMs: number;
}

export const DEFAULT_PDF_LIMITS: PdfPoolLimits = {
  workers: 2,
  baseMs: 30_000,
  perPageMs: 3_000,
  memoryMb: 256,
  idleMs: 60_000,
  bootMs: 60_000,
};

/**
 * The worker's entry is this file's sibling with this file's extension: pdf-worker.ts under tsx (npm
 * start, vitest), pdf-worker.js in a compiled build. A worker thread starts without tsx's loader, so in
 * TypeScript it registers tsx first and then imports the entry.
 */
const entry = new URL(`./pdf-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);

function spawn(limits: PdfPoolLimits): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb } };
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, options);
  const require = createRequire(import.meta.url);
  const url = (specifier: string) => pathToFileURL(require.resolve(specifier)).href;
  // The libraries are plain JavaScript: loaded before tsx, which would otherwise transform their
  // megabytes on every start. tsx's ESM register() sits beside its require() entry, as .mjs.
  const libraries = ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs', 'pdf-lib'];
  const tsx = url('tsx/esm/api').replace(/\.cjs$/, '.mjs');
  const start = `(async () => {
    for (const library of ${JSON.stringify(libraries.map(url))}) await import(library);
    (await import(${JSON.stringify(tsx)})).register();
    await import(${JSON.stringify(entry.href)});
  })();`;
  return new Worker(start, { ...options, eval: true });
}

interface Job {
  task: PdfTask;
  onProgress?: (done: number, total: number) => Promise<void> | void;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

export function createPdfPool(limits: PdfPoolLimits = DEFAULT_PDF_LIMITS) {
  const queue: Job[] = [];
  const alive = new Set<Worker>();
  const idle: Worker[] = [];
  const running = new Map<Worker, { answer(m: PdfAnswer): void; fail(error: unknown): void }>();
  const idleTimers = new Map<Worker, NodeJS.Timeout>();

  function pump() {
    while (queue.length) {
      let worker = idle.pop();
      if (!worker) {
        if (alive.size >= limits.workers) return;
        worker = addWorker();
      }
      start(worker, queue.shift() as Job);
    }
  }

  function addWorker() {
    const worker = spawn(limits);
    alive.add(worker);
    worker.on('message', (m: PdfAnswer) => running.get(worker)?.answer(m));
    worker.on('error', (error) => running.get(worker)?.fail(error));
    worker.on('exit', () => {
      alive.delete(worker);
      if (idle.includes(worker)) idle.splice(idle.indexOf(worker), 1);
      clearTimeout(idleTimers.get(worker));
      running.get(worker)?.fail(new Error('The PDF worker stopped.'));
      pump();
    });
    return worker;
  }

  function start(worker: Worker, job: Job) {
    clearTimeout(idleTimers.get(worker));
    worker.ref();
    let budget = limits.baseMs;
    let began = Date.now();
    const overTime = () => finish(badRequest(PDF_FORM_MSG.tooSlow(Math.round(budget / 1000))), true);
    const restart = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(overTime, ms);
    };
    // The job's own time starts once the worker has taken it (a new worker first loads its libraries).
    let timer = setTimeout(overTime, limits.bootMs + budget);
    let progress: Promise<void> = Promise.resolve();
    let pagesKnown = false;
    const finish = (outcome: { result: unknown } | Error, stop = false) => {
      if (running.get(worker) !== handlers) return;
      running.delete(worker);
      clearTimeout(timer);
      if (stop) void worker.terminate();
      else rest(worker);
      progress.then(
        () => ('result' in outcome ? job.resolve(outcome.result) : job.reject(outcome)),
        job.reject,
      );
    };
    const handlers = {
      answer(m: PdfAnswer) {
        if (m.type === 'started') {
          began = Date.now();
          restart(budget);
        } else if (m.type === 'progress') {
          if (!pagesKnown) {
            pagesKnown = true;
            budget = limits.baseMs + limits.perPageMs * m.total;
            restart(Math.max(budget - (Date.now() - began), 0));
          }
          progress = progress.then(() => job.onProgress?.(m.done, m.total));
        } else if (m.type === 'done') finish({ result: m.result });
        else finish(badRequest(m.message));
      },
      fail(error: unknown) {
        const outOfMemory = (error as { code?: string })?.code === 'ERR_WORKER_OUT_OF_MEMORY';
        finish(
          badRequest(outOfMemory ? PDF_FORM_MSG.tooMuchMemory(limits.memoryMb) : PDF_FORM_MSG.unreadable),
          true,
        );
      },
    };
    running.set(worker, handlers);
    const { bytes } = job.task;
    // A Buffer's slice() is a view of its (often shared) memory: copy into a buffer of the job's own.
    const copy = Uint8Array.prototype.slice.call(bytes);
    worker.postMessage({ ...job.task, bytes: copy }, [copy.buffer as ArrayBuffer]);
  }

  /** Back to the idle list, not keeping the process alive, and ended once idle for long enough. */
  function rest(worker: Worker) {
    worker.unref();
    idle.push(worker);
    idleTimers.set(worker, setTimeout(() => retire(worker), limits.idleMs).unref());
    pump();
  }

  /**
   * Off the idle list before it is told to end: a worker ends some time after terminate(), and a job
   * given to it meanwhile would be lost with it. It counts as alive until it has ended.
   */
  function retire(worker: Worker) {
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
    void worker.terminate();
  }

  function run<T>(task: PdfTask, onProgress?: Job['onProgress']): Promise<T> {
    return new Promise((resolve, reject) => {
      queue.push({ task, onProgress, resolve: resolve as Job['resolve'], reject });
      pump();
    });
  }

  return {
    /** Checks the PDF's pages; renders them when it has at most `inlineUpTo` (pages is null otherwise). */
    render(
      bytes: Uint8Array,
      options: { inlineUpTo?: number; onPage?: Job['onProgress'] } = {},
    ): Promise<{ pageCount: number; pages: RenderedPage[] | null }> {
      return run({ kind: 'render', bytes, inlineUpTo: options.inlineUpTo }, options.onPage);
    },
    fill(bytes: Uint8Array, placements: Placement[], values: Record<string, string>): Promise<Uint8Array> {
      return run({ kind: 'fill', bytes, placements, values });
    },
    /** Page count and whether the PDF is encrypted (records package, decision 056). */
    inspect(bytes: Uint8Array): Promise<PdfFacts> {
      return run({ kind: 'inspect', bytes });
    },
    /** A copy with page n stamped prefix + (first + n) at its lower right. */
    stampBates(bytes: Uint8Array, prefix: string, first: number): Promise<Uint8Array> {
      return run({ kind: 'bates', bytes, prefix, first });
    },
    indexPdf(title: string, rows: IndexRow[]): Promise<Uint8Array> {
      return run({ kind: 'index', bytes: new Uint8Array(0), title, rows });
    },
    /** Ends every worker (a running job is refused as unreadable). */
    async close() {
      queue.length = 0;
      await Promise.all([...alive].map((w) => w.terminate()));
    },
  };
}

export type PdfPool = ReturnType<typeof createPdfPool>;

let shared: PdfPool | undefined;
let sharedLimits = DEFAULT_PDF_LIMITS;
/** The server's pool, started on first use. */
export const pdfPool = (): PdfPool => {
  shared ??= createPdfPool(sharedLimits);
  return shared;
};

/** Other limits for the server's pool (tests that need a hostile PDF stopped quickly); none puts back the defaults. */
export async function setPdfPoolLimits(limits?: Partial<PdfPoolLimits>) {
  await shared?.close();
  shared = undefined;
  sharedLimits = { ...DEFAULT_PDF_LIMITS, ...limits };
}
