/**
 * /searchRecords/?q=…&page=…: the text of every received PDF, searched (decision 060). A firm's users find
 * their firm's records, internal staff every firm's (the server decides). Each result names the client,
 * the request, the file, the page and its Bates number, shows the words around the match with the match
 * marked, and opens the PDF at that page.
 */
import { RECORDS_SEARCH_MAX_QUERY, RECORDS_SEARCH_MSG, type RecordsSearchResult } from '@dd/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconExternalLink, IconFileSearch, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuth } from '../../auth';
import { EmptyState, Loading, Pager } from '../../ui';
import { useRecordsSearch } from './api';
import { HighlightedSnippet } from './HighlightedSnippet';

function ResultCard({ result, showFirm }: { result: RecordsSearchResult; showFirm: boolean }) {
  const { request, file, page, bates } = result;
  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Anchor
            href={`${file.view_url}#page=${page}`}
            target="_blank"
            rel="noopener noreferrer"
            fw={600}
            aria-label={RECORDS_SEARCH_MSG.openPage(file.name, page)}
            style={{ wordBreak: 'break-word' }}
          >
            <Group gap={6} wrap="nowrap" component="span">
              <span>
                {file.name} · page {page}
              </span>
              <IconExternalLink size={15} aria-hidden />
            </Group>
          </Anchor>
          {bates && (
            <Badge variant="light" color="gray" radius="sm" ff="monospace" style={{ flexShrink: 0 }}>
              {bates}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          <Anchor component={Link} to={`/request/${request.id}/`} size="sm">
            Request #{request.id}
          </Anchor>
          {' · '}
          {request.client_name}
          {request.provider_name ? ` · ${request.provider_name}` : ''}
          {showFirm ? ` · ${request.company_name}` : ''}
        </Text>
        <HighlightedSnippet snippet={result.snippet} highlights={result.highlights} />
      </Stack>
    </Card>
  );
}

function Results({ q, page, onPage }: { q: string; page: number; onPage: (page: number) => void }) {
  const { user } = useAuth();
  const search = useRecordsSearch(q, page);
  if (!q) {
    return (
      <EmptyState
        text={
          <Group gap="xs" justify="center">
            <IconFileSearch size={20} aria-hidden />
            {RECORDS_SEARCH_MSG.prompt}
          </Group>
        }
      />
    );
  }
  if (search.isError) {
    return (
      <Alert color="red" title={RECORDS_SEARCH_MSG.failed}>
        <Button size="xs" variant="default" onClick={() => search.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (!search.data) return <Loading label="Searching records" />;
  const { count, count_capped, results, page_size, page: shown } = search.data;
  if (count === 0) return <EmptyState text={RECORDS_SEARCH_MSG.empty(q)} />;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600} role="status">
          {RECORDS_SEARCH_MSG.count(count, count_capped)}
        </Text>
        {search.isFetching && <Loader size="xs" aria-label="Updating results" />}
      </Group>
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Search results">
        {results.map((result) => (
          <ResultCard
            key={`${result.file.id}-${result.page}`}
            result={result}
            showFirm={Boolean(user?.is_internal)}
          />
        ))}
      </Stack>
      <Pager page={shown} pageCount={Math.ceil(count / page_size)} onChange={onPage} />
    </Stack>
  );
}

export function RecordsSearchScreen() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, RECORDS_SEARCH_MAX_QUERY);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    setParams(next ? { q: next } : {});
  };
  const goToPage = (target: number) => {
    setParams({ q, page: String(target) });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <Stack gap="lg" maw={960} mx="auto">
      <div>
        <Title order={1}>{RECORDS_SEARCH_MSG.title}</Title>
        <Text c="dimmed">{RECORDS_SEARCH_MSG.hint}</Text>
      </div>
      <form role="search" onSubmit={submit}>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            label={RECORDS_SEARCH_MSG.label}
            placeholder={RECORDS_SEARCH_MSG.placeholder}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            maxLength={RECORDS_SEARCH_MAX_QUERY}
            type="search"
            style={{ flex: 1 }}
          />
          <Button type="submit">Search</Button>
        </Group>
      </form>
      <Results q={q} page={page} onPage={goToPage} />
    </Stack>
  );
}
