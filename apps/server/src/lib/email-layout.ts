/** The branded layout every product e-mail uses: plain text plus a simple, safe HTML version. */
export interface EmailContent {
  title: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function renderEmail(content: EmailContent): { text: string; html: string } {
  const footer = content.footer ?? 'Direct Docs · Medical records retrieval for law firms · Colorado';
  const text = [
    content.title,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '--',
    footer,
  ].join('\n');
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#1c4e80;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6f9;font-family:Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="background:#fff;border-radius:8px;overflow:hidden">
<tr><td style="background:#1c4e80;color:#fff;padding:16px 24px;font-size:20px;font-weight:700">Direct Docs</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.title)}</h1>
${content.paragraphs.map((p) => `<p style="line-height:1.5;margin:0 0 12px;white-space:pre-line">${escapeHtml(p)}</p>`).join('\n')}
${button}</td></tr>
<tr><td style="padding:16px 24px;color:#6b7785;font-size:12px;border-top:1px solid #e4e7eb">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { text, html };
}
