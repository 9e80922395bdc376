/**
 * A search result's snippet with the matched words marked. The server sends plain text and the ranges
 * that matched; they are rendered as text and <mark> elements, so nothing in a record is read as HTML.
 */
import type { RecordsSearchResult } from '@dd/shared';
import { Text } from '@mantine/core';

type Props = Pick<RecordsSearchResult, 'snippet' | 'highlights'>;

/** The snippet cut at the marked ranges (out-of-order or overlapping ranges are skipped). */
function snippetParts({ snippet, highlights }: Props): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const { start, end } of highlights) {
    if (start < at || end <= start || end > snippet.length) continue;
    if (start > at) parts.push({ text: snippet.slice(at, start), marked: false });
    parts.push({ text: snippet.slice(start, end), marked: true });
    at = end;
  }
  if (at < snippet.length) parts.push({ text: snippet.slice(at), marked: false });
  return parts;
}

export function HighlightedSnippet(props: Props) {
  return (
    <Text size="sm" style={{ lineHeight: 1.6 }}>
      {snippetParts(props).map((part, n) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move.
          <mark key={n} style={{ backgroundColor: 'var(--mantine-color-yellow-2)', padding: '0 2px' }}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}
