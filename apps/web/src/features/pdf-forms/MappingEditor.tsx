import { FORM_FIELD_MODELS, type PdfFormDetail, type PdfFormMapping, type PdfFormPage } from '@dd/shared';
import {
  ActionIcon,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { addMapping, deleteMapping, getFields, moveMapping, pdfFormKeys, renderPages } from './api';
import classes from './pdf-forms.module.css';
import { isRendering, RenderProgress } from './RenderProgress';

/**
 * The mapping editor: choose a field, click a page where its text should start on the line,
 * drag a placed field to move it, arrow keys nudge the selected one (Shift: further), Delete removes it.
 * Positions are fractions of the page's width and height, so they hold at every zoom.
 */
const ZOOMS = ['75', '100', '125', '150'];
const clamp = (v: number) => Math.min(1, Math.max(0, v));
const label = (name: string) => {
  const [model, field] = name.split('.');
  return `${model} · ${field.replaceAll('_', ' ')}`;
};
const failed = (title: string) => (error: unknown) =>
  notifications.show({
    color: 'red',
    title,
    message: error instanceof Error ? error.message : String(error),
  });

export function MappingEditor({ form }: { form: PdfFormDetail }) {
  const queryClient = useQueryClient();
  const [mappings, setMappings] = useState<PdfFormMapping[]>(form.mapping);
  const [field, setField] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [zoom, setZoom] = useState('100');
  const [rendering, setRendering] = useState(false);
  useEffect(() => setMappings(form.mapping), [form.mapping]);

  const fields = useQueries({
    queries: FORM_FIELD_MODELS.map((model) => ({
      queryKey: pdfFormKeys.fields(model, form.id),
      queryFn: ({ signal }: { signal?: AbortSignal }) => getFields(model, form.id, signal),
      staleTime: 5 * 60_000,
    })),
  });
  const fieldOptions = FORM_FIELD_MODELS.map((model, i) => ({
    group: model,
    items: (fields[i].data ?? []).map(([name]) => ({
      value: `${model}.${name}`,
      label: label(`${model}.${name}`),
    })),
  }));

  const changed = () =>
    queryClient.invalidateQueries({ queryKey: pdfFormKeys.one(form.id), refetchType: 'none' });

  const place = async (page: PdfFormPage, x: number, y: number) => {
    if (!field) {
      notifications.show({ color: 'yellow', message: 'Choose the field to place first.' });
      return;
    }
    try {
      const created = await addMapping({
        name: field,
        form: form.id,
        page: page.id,
        position_x: x,
        position_y: y,
      });
      setMappings((all) => [...all, created]);
      setSelected(created.id);
      void changed();
    } catch (error) {
      failed('The field could not be placed')(error);
    }
  };

  const save = (id: number, position: { position_x: number; position_y: number }) =>
    moveMapping(id, position).then(changed, failed('The field could not be moved'));

  const move = (id: number, position: { position_x: number; position_y: number }) =>
    setMappings((all) => all.map((m) => (m.id === id ? { ...m, ...position } : m)));

  const remove = async (id: number) => {
    try {
      await deleteMapping(id);
      setMappings((all) => all.filter((m) => m.id !== id));
      setSelected(null);
      void changed();
    } catch (error) {
      failed('The field could not be removed')(error);
    }
  };

  const rerender = async () => {
    setRendering(true);
    try {
      queryClient.setQueryData(pdfFormKeys.one(form.id), await renderPages(form.id));
    } catch (error) {
      failed('The pages could not be rendered')(error);
    } finally {
      setRendering(false);
    }
  };

  const pageNumber = new Map(form.pages.map((p) => [p.id, p.page_number]));
  return (
    <Paper component="section" aria-labelledby="mapping-title" withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={2} size="h4" id="mapping-title">
              Field Mappings
            </Title>
            <Text size="sm" c="dimmed">
              Choose a field, then click the page where its text should start on the line. Drag a field to
              move it; arrow keys nudge the selected one, Delete removes it.
            </Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={rendering}
            disabled={isRendering(form)}
            onClick={rerender}
          >
            Render Pages Again
          </Button>
        </Group>
        <RenderProgress form={form} />
        <Group align="flex-end" wrap="wrap" className={classes.toolbar}>
          <Select
            label="Field to place"
            placeholder="Choose a field"
            data={fieldOptions}
            value={field}
            onChange={setField}
            searchable
            w={300}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="zoom-label">
              Zoom
            </Text>
            <SegmentedControl
              aria-labelledby="zoom-label"
              data={ZOOMS.map((z) => ({ value: z, label: `${z}%` }))}
              value={zoom}
              onChange={setZoom}
            />
          </div>
        </Group>
        {form.pages.length > 0 && (
          <div className={classes.pages}>
            {form.pages.map((page) => (
              <PageCanvas
                key={page.id}
                page={page}
                formName={form.name}
                scale={Number(zoom) / 100}
                mappings={mappings.filter((m) => m.page === page.id)}
                selected={selected}
                onSelect={setSelected}
                onPlace={(x, y) => place(page, x, y)}
                onMove={move}
                onMoved={save}
                onRemove={remove}
              />
            ))}
          </div>
        )}
        {mappings.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table striped aria-label="Placed fields">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Page</Table.Th>
                  <Table.Th>Across</Table.Th>
                  <Table.Th>Down</Table.Th>
                  <Table.Th>
                    <span className={classes.hidden}>Remove</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mappings.map((m) => (
                  <Table.Tr key={m.id} data-selected={m.id === selected || undefined}>
                    <Table.Td>{label(m.name)}</Table.Td>
                    <Table.Td>{pageNumber.get(m.page)}</Table.Td>
                    <Table.Td>{Math.round(m.position_x * 100)}%</Table.Td>
                    <Table.Td>{Math.round(m.position_y * 100)}%</Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${label(m.name)} from page ${pageNumber.get(m.page)}`}
                        onClick={() => remove(m.id)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

interface PageCanvasProps {
  page: PdfFormPage;
  formName: string;
  scale: number;
  mappings: PdfFormMapping[];
  selected: number | null;
  onSelect: (id: number) => void;
  onPlace: (x: number, y: number) => void;
  onMove: (id: number, position: { position_x: number; position_y: number }) => void;
  onMoved: (id: number, position: { position_x: number; position_y: number }) => void;
  onRemove: (id: number) => void;
}

function PageCanvas(props: PageCanvasProps) {
  const { page, scale } = props;
  const ref = useRef<HTMLDivElement>(null);
  const fraction = (clientX: number, clientY: number) => {
    const rect = ref.current!.getBoundingClientRect();
    return {
      position_x: clamp((clientX - rect.left) / rect.width),
      position_y: clamp((clientY - rect.top) / rect.height),
    };
  };
  return (
    <figure className={classes.figure}>
      {/* Placing by pointer; the caption's button places the field by keyboard, arrow keys then move it. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the page image is the pointer target only */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the caption's button is the keyboard way */}
      <div
        ref={ref}
        className={classes.page}
        style={{ width: page.width * scale, height: page.height * scale }}
        data-testid={`page-${page.page_number}`}
        onClick={(e) => {
          const { position_x, position_y } = fraction(e.clientX, e.clientY);
          props.onPlace(position_x, position_y);
        }}
      >
        <img src={page.image_url} alt={`Page ${page.page_number} of ${props.formName}`} draggable={false} />
        {props.mappings.map((m) => (
          <Marker key={m.id} mapping={m} pageNumber={page.page_number} {...props} fraction={fraction} />
        ))}
      </div>
      <figcaption className={classes.caption}>
        Page {page.page_number}
        <Button size="compact-xs" variant="subtle" onClick={() => props.onPlace(0.1, 0.1)}>
          Add the chosen field to this page
        </Button>
      </figcaption>
    </figure>
  );
}

function Marker(
  props: PageCanvasProps & {
    mapping: PdfFormMapping;
    pageNumber: number;
    fraction: (x: number, y: number) => { position_x: number; position_y: number };
  },
) {
  const { mapping: m } = props;
  // Where the field was grabbed, relative to its point, so it moves with the pointer without jumping.
  const drag = useRef<{ moved: boolean; dx: number; dy: number } | null>(null);
  const nudgeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const at = (e: PointerEvent<HTMLButtonElement>) => {
    const p = props.fraction(e.clientX, e.clientY);
    const d = drag.current ?? { dx: 0, dy: 0 };
    return { position_x: clamp(p.position_x - d.dx), position_y: clamp(p.position_y - d.dy) };
  };
  const onPointerDown = (e: PointerEvent<HTMLButtonElement>) => {
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = props.fraction(e.clientX, e.clientY);
    drag.current = { moved: false, dx: p.position_x - m.position_x, dy: p.position_y - m.position_y };
    props.onSelect(m.id);
  };
  const onPointerMove = (e: PointerEvent<HTMLButtonElement>) => {
    if (!drag.current) return;
    drag.current.moved = true;
    props.onMove(m.id, at(e));
  };
  const onPointerUp = (e: PointerEvent<HTMLButtonElement>) => {
    if (drag.current?.moved) props.onMoved(m.id, at(e));
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    const step = e.shiftKey ? 0.01 : 0.002;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[
      e.key
    ];
    if (delta) {
      e.preventDefault();
      const next = { position_x: clamp(m.position_x + delta[0]), position_y: clamp(m.position_y + delta[1]) };
      props.onMove(m.id, next);
      clearTimeout(nudgeTimer.current);
      nudgeTimer.current = setTimeout(() => props.onMoved(m.id, next), 400);
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      props.onRemove(m.id);
    }
  };
  return (
    <button
      type="button"
      className={classes.marker}
      data-selected={props.selected === m.id || undefined}
      style={{ left: `${m.position_x * 100}%`, top: `${m.position_y * 100}%` }}
      aria-label={`${label(m.name)} on page ${props.pageNumber}`}
      aria-pressed={props.selected === m.id}
      onClick={(e) => e.stopPropagation()}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onKeyDown={onKeyDown}
      onFocus={() => props.onSelect(m.id)}
    >
      {label(m.name)}
    </button>
  );
}
