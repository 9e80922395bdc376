import {
  BUILT_IN_PAGE_URLS,
  componentLabel,
  WEBSITE_DRAFT_MSG,
  WEBSITE_FIELDS,
  WEBSITE_MSG,
  type WebsiteComponentName,
} from '@dd/shared';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { ConfirmDeleteButton, idParam, Loading, type ScreenProps } from '../../ui';
import { RenderSections, SECTION_TYPES } from '../website';
import { deletePage, getPage, listComponents, pageBuilderKeys, savePage } from './api';
import { ComponentList } from './ComponentList';
import { PagePreview } from './PagePreview';
import { PropertyEditor } from './PropertyEditor';
import classes from './page-builder.module.css';
import { PublishButton, PublishState } from './publishing';
import { usePageDraft } from './use-page-draft';
import { Versions } from './Versions';

/**
 * /pagebuilder/[page_id]/ (staff spec sections 2 and 4): name and url, the component list with Add
 * Component, the selected component's properties and a live preview of the page being edited. Save
 * Draft keeps the changes from visitors; Preview shows the saved draft as a page (/pagebuilder/{id}/preview/)
 * and Publish puts it live, keeping the version it replaces in the list, from which any version can be
 * made the draft again.
 */
export default function PageBuilderScreen({ params }: ScreenProps) {
  const id = idParam(params[0]);
  if (id !== null && params[1] === 'preview') return <PagePreview id={id} />;
  return <PageBuilder id={id} />;
}

function PageBuilder({ id }: { id: number | null }) {
  const [search] = useSearchParams();
  const urlParam = search.get('url') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const draft = usePageDraft();
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);

  const page = useQuery({
    queryKey: pageBuilderKeys.page(id ?? 0),
    queryFn: ({ signal }) => getPage(id!, signal),
    enabled: id !== null,
    retry: false,
  });
  const components = useQuery({
    queryKey: pageBuilderKeys.components,
    queryFn: ({ signal }) => listComponents(signal),
  });

  const { load } = draft;
  useEffect(() => {
    if (page.data) load(page.data);
    else if (id === null) load({ name: '', url: urlParam, components: [], componentProps: [] });
  }, [page.data, id, urlParam, load]);

  const save = useMutation({
    mutationFn: () => savePage(id, draft.body()),
    onSuccess: (saved) => {
      setFailure(null);
      draft.markSaved();
      notifications.show({ color: 'green', message: WEBSITE_DRAFT_MSG.draftSaved });
      queryClient.setQueryData(pageBuilderKeys.page(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: pageBuilderKeys.pages });
      if (id === null) navigate(`/pagebuilder/${saved.id}/`, { replace: true });
    },
    onError: (error) => setFailure(error instanceof ApiError ? error : new ApiError(0, String(error))),
  });

  if (id !== null && page.isPending) return <Loading />;
  if (id !== null && page.isError)
    return (
      <Alert color="red" title={WEBSITE_MSG.loadFailed}>
        {page.error.message}{' '}
        <Anchor component={Link} to="/pages/">
          See All Pages
        </Anchor>
      </Alert>
    );

  const builtIn = (BUILT_IN_PAGE_URLS as readonly string[]).includes(page.data?.url ?? '');
  const selectedItem = draft.selected === null ? undefined : draft.items[draft.selected];
  const fieldErrors = failure?.fields ?? {};
  const propErrors = (index: number) =>
    Object.fromEntries(
      Object.entries(fieldErrors)
        .filter(([k]) => k.startsWith(`componentProps.${index}.`))
        .map(([k, v]) => [k.split('.')[2], v]),
    );

  const addComponent = (name: WebsiteComponentName) => {
    const saved = components.data?.find((c) => c.name === name)?.props ?? {};
    draft.add(name, { ...SECTION_TYPES[name].defaults, ...saved });
    setAdding(false);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{id === null ? 'New Page' : `Page Builder: ${page.data?.name}`}</Title>
          <Text c="dimmed">
            Compose the page from components. Save Draft keeps your changes from visitors until you publish
            them.
          </Text>
          <PublishState page={page.data} dirty={draft.dirty} />
        </div>
        <Group gap="sm">
          <Button component={Link} to="/pages/" variant="default">
            See All Pages
          </Button>
          {id !== null && !builtIn && (
            <ConfirmDeleteButton
              message={WEBSITE_MSG.confirmDelete}
              onConfirm={async () => {
                await deletePage(id);
                notifications.show({ color: 'green', message: WEBSITE_MSG.deleted });
                await queryClient.invalidateQueries({ queryKey: pageBuilderKeys.pages });
                navigate('/pages/');
              }}
            >
              Delete Page
            </ConfirmDeleteButton>
          )}
          <Button onClick={() => save.mutate()} loading={save.isPending} variant="light">
            Save Draft
          </Button>
          {id !== null && (
            <Button
              component={Link}
              to={`/pagebuilder/${id}/preview/`}
              variant="default"
              disabled={draft.dirty}
              aria-describedby={draft.dirty ? 'builder-state' : undefined}
            >
              Preview
            </Button>
          )}
          {id !== null && page.data && (
            <PublishButton page={page.data} disabled={draft.dirty} onPublished={load} />
          )}
        </Group>
      </Group>
      {failure && <Alert color="red">{failure.message}</Alert>}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="md">
            <Paper withBorder radius="lg" p="md">
              <Stack gap="sm">
                <TextInput
                  label="Name"
                  required
                  value={draft.name}
                  error={fieldErrors.name}
                  onChange={(e) => draft.setName(e.currentTarget.value)}
                />
                <TextInput
                  label="Url"
                  required
                  value={draft.url}
                  error={fieldErrors.url}
                  description={builtIn ? 'The url of this page is fixed.' : 'For example /our-team/'}
                  disabled={builtIn}
                  onChange={(e) => draft.setUrl(e.currentTarget.value)}
                />
              </Stack>
            </Paper>
            <ComponentList draft={draft} adding={adding} setAdding={setAdding} onAdd={addComponent} />
            {selectedItem && draft.selected !== null && (
              <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="builder-properties">
                <Title order={2} size="h5" id="builder-properties" mb="sm">
                  {componentLabel(selectedItem.name)} properties
                </Title>
                <PropertyEditor
                  fields={WEBSITE_FIELDS[selectedItem.name as WebsiteComponentName] ?? []}
                  values={selectedItem.props}
                  errors={propErrors(draft.selected)}
                  onChange={(prop, value) => draft.setProp(draft.selected!, prop, value)}
                />
              </Paper>
            )}
            {id !== null && <Versions pageId={id} onRestored={load} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Paper
            withBorder
            radius="lg"
            className={classes.previewFrame}
            component="section"
            aria-label="Preview"
          >
            <Group justify="space-between" px="md" py={8} className={classes.previewBar}>
              <Text size="sm" fw={600}>
                Preview
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {draft.url || '/'}
              </Text>
            </Group>
            <ScrollArea.Autosize mah="78vh" type="auto">
              {draft.items.length === 0 && (
                <Text ta="center" c="dimmed" py={80}>
                  The page is empty.
                </Text>
              )}
              {draft.items.map((it, index) => (
                <Box
                  key={it.key}
                  className={classes.previewSection}
                  data-selected={draft.selected === index || undefined}
                  onClickCapture={(e) => {
                    e.preventDefault();
                    draft.setSelected(index);
                  }}
                >
                  <RenderSections components={[it.name]} componentProps={[it.props]} />
                </Box>
              ))}
            </ScrollArea.Autosize>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
