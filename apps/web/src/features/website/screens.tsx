/**
 * The website screens the app's route table shows: the landing, About Us and Contact Us pages and any
 * other path, each rendered with the footer from the page saved for its url in the page builder.
 */
import { CONNECTION_MSG, MSG } from '@dd/shared';
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../auth';
import { loadPage, pageUrl, websiteKeys } from './api';
import type { PageContent } from './sections/render-sections';
import { RenderSections } from './sections/render-sections';
import { SiteFooter } from './site-footer';

/** The public pages are builder pages too, saved at '/', '/about-us/' and '/contact-us/'. */
export function LandingScreen() {
  return <WebsitePageScreen path="" />;
}

export function AboutScreen() {
  return <WebsitePageScreen path="about-us" />;
}

export function ContactScreen() {
  return <WebsitePageScreen path="contact-us" />;
}

interface SavedPage {
  components: unknown;
  componentProps: unknown;
}

/** Saved pages may hold their lists as JSON text or as arrays. */
function readList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

function toContent(page: SavedPage): PageContent {
  return {
    components: readList(page.components).map(String),
    componentProps: readList(page.componentProps) as PageContent['componentProps'],
  };
}

/** The first saved page from a list, a paged list or a single object. */
function firstPage(body: unknown): SavedPage | null {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object' && Array.isArray((body as { results?: unknown }).results)
      ? (body as { results: unknown[] }).results
      : body
        ? [body]
        : [];
  const page = list[0];
  return page && typeof page === 'object' && 'components' in page ? (page as SavedPage) : null;
}

/** Any other path: the page saved for that url, or the spec's 'No page exists here.' */
export function WebsitePageScreen({ path = '' }: { path?: string }) {
  const { user } = useAuth();
  const canCreate = Boolean(user?.abilities.is_internal_staff);
  const url = pageUrl(path);
  const query = useQuery({
    queryKey: websiteKeys.page(url),
    queryFn: async () => firstPage(await loadPage(url)),
    retry: false,
  });
  // The sections render in a transition, which React splits into short tasks: a long page never holds up
  // the browser in one block (total blocking time).
  const page = useDeferredValue(query.data);
  if (query.isPending || (page === undefined && query.data !== undefined)) {
    return (
      <Center py={96}>
        <Loader aria-label="Loading page" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Center py={120} px="md">
        <Alert color="yellow" maw={560}>
          {CONNECTION_MSG.pageUnavailable}
        </Alert>
      </Center>
    );
  }
  if (!page) {
    return (
      <>
        <Center py={120} px="md">
          <Stack align="center" gap="xs" ta="center">
            <Title order={1} fz={28} c="brand.9">
              {canCreate ? MSG.pageDoesNotExistYet : MSG.noPageExists}
            </Title>
            {canCreate ? (
              <Button component={Link} to={`/pagebuilder/?url=${encodeURIComponent(url)}`} mt="sm">
                Create Page
              </Button>
            ) : (
              <Text c="gray.7">Check the address, or use the links below.</Text>
            )}
          </Stack>
        </Center>
        <SiteFooter signedIn={Boolean(user)} />
      </>
    );
  }
  return (
    <>
      <RenderSections {...toContent(page)} />
      <SiteFooter signedIn={Boolean(user)} />
    </>
  );
}
