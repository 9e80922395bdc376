import { parentPort } from 'node:worker_threads';
import { PDF_FORM_MSG } from '@dd/shared';
import { inspectPdf, stampBates } from '../recordspackage/bates-stamp';
import { buildIndexPdf, type IndexRow } from '../recordspackage/index-pdf';
import { fillPdf, type Placement } from './pdf-fill';
import { renderPages } from './pdf-pages';
import { PdfRefusal } from './pdf-refusal';

/**
 * The PDF worker thread (started by pdf-pool.ts): renders and fills forms, and inspects, Bates-stamps and
 * indexes delivered records (decision 056), one PDF at a time, away from the
 * server's event loop and under the pool's limits. It answers with plain messages: progress, the result,
 * or the refusal to show (anything that goes wrong with a PDF is the PDF's, and answered as unreadable).
 */
export type PdfTask =
  | { kind: 'render'; bytes: Uint8Array; inlineUpTo?: number }
  | { kind: 'fill'; bytes: Uint8Array; placements: Placement[]; values: Record<string, string> }
  | { kind: 'inspect'; bytes: Uint8Array }
  | { kind: 'bates'; bytes: Uint8Array; prefix: string; first: number }
  | { kind: 'index'; bytes: Uint8Array; title: string; rows: IndexRow[] };

export type PdfAnswer =
  | { type: 'started' }
  | { type: 'progress'; done: number; total: number }
  | { type: 'done'; result: unknown }
  | { type: 'refused'; message: string };

const port = parentPort;
if (!port) throw new Error('pdf-worker.ts runs as a worker thread');
const answer = (message: PdfAnswer, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

port.on('message', async (task: PdfTask) => {
  answer({ type: 'started' });
  try {
    if (task.kind === 'render') {
      const result = await renderPages(task.bytes, {
        inlineUpTo: task.inlineUpTo,
        onPage: (done, total) => answer({ type: 'progress', done, total }),
      });
      const images = (result.pages ?? []).map((p) => p.jpeg.buffer as ArrayBuffer);
      answer({ type: 'done', result }, images);
    } else if (task.kind === 'fill') {
      const filled = await fillPdf(task.bytes, task.placements, task.values);
      answer({ type: 'done', result: filled }, [filled.buffer as ArrayBuffer]);
    } else if (task.kind === 'inspect') {
      answer({ type: 'done', result: await inspectPdf(task.bytes) });
    } else {
      const made =
        task.kind === 'bates'
          ? await stampBates(task.bytes, {
              prefix: task.prefix,
              first: task.first,
              onPage: (done, total) => answer({ type: 'progress', done, total }),
            })
          : await buildIndexPdf(task.title, task.rows);
      answer({ type: 'done', result: made }, [made.buffer as ArrayBuffer]);
    }
  } catch (error) {
    answer({
      type: 'refused',
      message: error instanceof PdfRefusal ? error.message : PDF_FORM_MSG.unreadable,
    });
  }
});
