import { createTheme } from '@mantine/core';

/** The product's look: a calm navy brand colour, generous radius, readable type. */
export const theme = createTheme({
  primaryColor: 'brand',
  colors: {
    brand: [
      '#e8f1fa',
      '#cfe0f2',
      '#a0bfe3',
      '#6d9cd4',
      '#4680c7',
      '#2f6fbf',
      '#1f5fa8',
      '#1c4e80',
      '#143d66',
      '#0b2a4a',
    ],
  },
  primaryShade: 7,
  defaultRadius: 'md',
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
});
