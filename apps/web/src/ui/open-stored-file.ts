/**
 * Opens a file a form field refers to. A storage key goes through POST /getFileUrl/, which checks the
 * caller may read it and returns a short-lived link, then downloads; a plain http(s) link (a provider
 * form saved as a web address) opens in a new tab.
 */
import { post } from '../api/client';

export async function openStoredFile(url: string, name: string): Promise<void> {
  if (/^https?:\/\//i.test(url)) {
    window.open(url, '_blank', 'noopener,noreferrer');
    return;
  }
  const link = await post<{ url: string }>('/getFileUrl/', { url });
  const anchor = document.createElement('a');
  anchor.href = link.url;
  anchor.download = name;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
