/**
 * Calls of the page builder and component administration (staff spec section 7). The builder reads and
 * saves drafts; only Publish changes what visitors see.
 */
import type {
  ComponentProps,
  WebsiteComponent,
  WebsiteEditorPage,
  WebsitePageBody,
  WebsitePageVersion,
} from '@dd/shared';
import { api, get, post } from '../../api/client';

export const pageBuilderKeys = {
  pages: ['website-pages'] as const,
  page: (id: number) => ['website-pages', id] as const,
  versions: (id: number) => ['website-pages', id, 'versions'] as const,
  components: ['website-components'] as const,
};

export const listPages = (signal?: AbortSignal) =>
  get<WebsiteEditorPage[]>('/api/modelWebsite/page/all/', undefined, signal);
/** The page as staff edit it: its saved draft, or the published version when there is none. */
export const getPage = (id: number, signal?: AbortSignal) =>
  get<WebsiteEditorPage>(`/api/modelWebsite/page/${id}/preview/`, undefined, signal);
export const savePage = (id: number | null, body: WebsitePageBody) =>
  post<WebsiteEditorPage>(id === null ? '/api/modelWebsite/page/' : `/api/modelWebsite/page/${id}/`, body);
export const publishPage = (id: number) =>
  post<WebsiteEditorPage>(`/api/modelWebsite/page/${id}/publish/`, {});
export const deletePage = (id: number) =>
  post<{ success: string }>(`/api/modelWebsite/page/${id}/delete/`, {});
export const listVersions = (id: number, signal?: AbortSignal) =>
  get<WebsitePageVersion[]>(`/api/modelWebsite/page/${id}/versions/`, undefined, signal);
export const restoreVersion = (id: number, version: number) =>
  post<WebsiteEditorPage>(`/api/modelWebsite/page/${id}/versions/${version}/restore/`, {});

export const listComponents = (signal?: AbortSignal) =>
  get<WebsiteComponent[]>('/api/home/component/', undefined, signal);
export const saveComponent = (id: number, props: ComponentProps) =>
  post<WebsiteComponent>(`/api/home/component/${id}/`, { props });

/** Uploads one image for a page; answers the url to put in the image property. */
export async function uploadWebsiteImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const { url } = await api<{ url: string }>('/api/modelWebsite/image/', { method: 'POST', body: form });
  return url;
}
