import { Stack, Text, Title } from '@mantine/core';
import { keyedItems } from './list-prop';
import { paragraphs, SectionShell } from './shared';
import { defineSection } from './types';

/** Plain prose: an optional heading and paragraphs separated by blank lines. */
export interface ParagraphProps {
  title: string;
  text: string;
  align: string;
  background: string;
}

const PARAGRAPH_DEFAULTS: ParagraphProps = {
  title: 'A heading',
  text: 'Write a paragraph here.\n\nLeave a blank line to start a new paragraph.',
  align: 'left',
  background: '',
};

function Paragraph(props: Partial<ParagraphProps>) {
  const { title, text, align, background } = { ...PARAGRAPH_DEFAULTS, ...props };
  const ta = align === 'center' ? 'center' : 'left';
  return (
    <SectionShell background={background} size="md" py={{ base: 40, md: 64 }}>
      <Stack gap="md" ta={ta} maw={760} mx={ta === 'center' ? 'auto' : undefined}>
        {title && (
          <Title order={2} fz={{ base: 26, md: 32 }} c="brand.9">
            {title}
          </Title>
        )}
        {keyedItems(paragraphs(text)).map(({ key, value: p }) => (
          <Text key={key} fz="lg" lh={1.75} c="gray.8">
            {p}
          </Text>
        ))}
      </Stack>
    </SectionShell>
  );
}

export const PARAGRAPH_SECTION = defineSection<ParagraphProps>({
  component: Paragraph,
  defaults: PARAGRAPH_DEFAULTS,
});
