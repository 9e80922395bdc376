import { Box } from '@mantine/core';
import { defineSection } from './types';

/** Vertical space between sections, optionally tinted. */
export interface WhiteSpaceProps {
  height: number;
  background: string;
}

const WHITE_SPACE_DEFAULTS: WhiteSpaceProps = { height: 48, background: '' };

function WhiteSpace(props: Partial<WhiteSpaceProps>) {
  const { height, background } = { ...WHITE_SPACE_DEFAULTS, ...props };
  const px = Math.min(Math.max(Number(height) || 0, 0), 400);
  return <Box aria-hidden h={px} style={background ? { background } : undefined} />;
}

export const WHITE_SPACE_SECTION = defineSection<WhiteSpaceProps>({
  component: WhiteSpace,
  defaults: WHITE_SPACE_DEFAULTS,
});
