import type { PdfFormDetail } from '@dd/shared';
import { Alert, Progress, Stack, Text } from '@mantine/core';

/** A form whose pages the background queue is still rendering: its detail is polled until done. */
export const isRendering = (form: PdfFormDetail | undefined) =>
  form?.render_job?.status === 'queued' || form?.render_job?.status === 'running';

/**
 * Where the background rendering of a long PDF stands: waiting for the queue, page n of m,
 * or why it failed. Nothing once the pages are in.
 */
export function RenderProgress({ form }: { form: PdfFormDetail }) {
  const job = form.render_job;
  if (!job) return null;
  if (job.status === 'failed')
    return (
      <Alert color="red" title="The pages could not be rendered">
        {job.error ?? 'Rendering stopped.'} Upload the PDF again, or use Render Pages Again.
      </Alert>
    );
  const total = job.pages_total;
  const text =
    job.status === 'queued' || !total
      ? 'Waiting to render the pages…'
      : `Rendering page ${Math.min(job.pages_done + 1, total)} of ${total}…`;
  return (
    <Stack gap={6} role="status" aria-live="polite">
      <Text size="sm">
        {text} This long form is rendered in the background; you can leave this page and come back.
      </Text>
      <Progress
        value={total ? (job.pages_done / total) * 100 : 0}
        animated
        aria-label={`Pages rendered: ${job.pages_done} of ${total ?? 'unknown'}`}
      />
    </Stack>
  );
}
