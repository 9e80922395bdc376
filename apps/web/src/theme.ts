import {
  type AlertProps,
  type AnchorProps,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type DrawerProps,
  type MantineColorsTuple,
  type ModalProps,
  type NotificationProps,
} from '@mantine/core';

/**
 * Mantine's palette with shades 7 to 9 darkened so every use reaches WCAG AA (4.5:1): shade 7
 * (filled buttons and badges under white text, `c="red"` text, outlines) on white, gray-0 and the colour's
 * own light background; shade 9 (the light variant's text) on shades 1 and 2. Shades 0 to 6 stay Mantine's.
 */
function accessible(name: keyof typeof DEFAULT_THEME.colors, dark: [string, string, string]) {
  const light = DEFAULT_THEME.colors[name].slice(0, 7);
  return [...light, ...dark] as unknown as MantineColorsTuple;
}

/** The product's look: a calm navy brand colour, generous radius, readable type. */
export const theme = createTheme({
  // A user who asks the system for less motion gets toasts, dialogs and menus without fades.
  respectReducedMotion: true,
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
    red: accessible('red', ['#c42727', '#ab2222', '#962020']),
    orange: accessible('orange', ['#b53c0b', '#a0350a', '#8f3010']),
    yellow: accessible('yellow', ['#965a06', '#844f06', '#74450c']),
    green: accessible('green', ['#217a34', '#1b6a2c', '#166534']),
    teal: accessible('teal', ['#0f766e', '#0d6660', '#115e59']),
    cyan: accessible('cyan', ['#0e7490', '#0c6680', '#155e75']),
    blue: accessible('blue', ['#1864ab', '#145591', '#114a80']),
  },
  primaryShade: 7,
  defaultRadius: 'md',
  fontFamily:
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  // Plain objects rather than `Modal.extend(…)`: importing a component to extend it would put its code (the
  // modal and drawer machinery) in the first load of every page, signed out included.
  components: {
    // Links sit in sentences of dimmed text: colour alone does not set them apart (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } satisfies Partial<AnchorProps> },
    // Mantine's close buttons are bare icons: give each one a name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<ModalProps> },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } satisfies Partial<DrawerProps> },
    Alert: { defaultProps: { closeButtonLabel: 'Dismiss' } satisfies Partial<AlertProps> },
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } satisfies Partial<NotificationProps>,
    },
  },
});

/**
 * Mantine's dimmed grey (gray-6, 3.3:1 on white) and error red (red-6, 3.3:1) fail AA; these reach 4.7:1 or
 * more on white, gray-0/1, brand-0 and the red, orange and yellow row tints.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f6770',
    '--mantine-color-error': 'var(--mantine-color-red-7)',
  },
  dark: {},
});
