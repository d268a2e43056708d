import { BREAKPOINTS } from '@kork/shared';
import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * Kork's look: a deep wine red on a warm, paper-like off-white, serif headings like a wine label, and a
 * cork-coloured accent. Shades 7–9 of `wine` carry white text at ≥ 7:1; the warm gray replaces
 * Mantine's cool gray so that dimmed text still reaches 4.5:1 on the off-white page.
 */
const wine: MantineColorsTuple = [
  '#fcf1f3',
  '#f5e0e5',
  '#eabdc8',
  '#dd97a8',
  '#cf728a',
  '#bf5472',
  '#a43b59',
  '#8c2a45',
  '#721f38',
  '#56162a',
];

const cork: MantineColorsTuple = [
  '#fbf6ee',
  '#f3e7d3',
  '#e9d2ae',
  '#ddba86',
  '#d2a565',
  '#c99552',
  '#b07d3d',
  '#8f6330',
  '#6e4b24',
  '#4e3418',
];

const gray: MantineColorsTuple = [
  '#f8f5f2',
  '#efeae5',
  '#e3dcd5',
  '#d2c8bf',
  '#b9ada3',
  '#9a8c82',
  '#6f625a',
  '#564a43',
  '#3d332e',
  '#29211d',
];

/** Mantine reads breakpoints in em; SPEC §9 gives them in px (16 px = 1 em). */
const em = (px: number) => `${px / 16}em`;

const SERIF =
  "'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, 'Times New Roman', serif";
const SANS =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif";

export const PAGE_BACKGROUND = '#faf6f1';
export const INK = '#2b1d21';

export const theme = createTheme({
  primaryColor: 'wine',
  primaryShade: { light: 7, dark: 5 },
  colors: { wine, cork, gray },
  black: INK,
  white: '#ffffff',
  fontFamily: SANS,
  headings: {
    fontFamily: SERIF,
    fontWeight: '600',
    sizes: {
      h1: { fontSize: 'clamp(2rem, 1.4rem + 2.6vw, 3.25rem)', lineHeight: '1.1' },
      h2: { fontSize: 'clamp(1.5rem, 1.2rem + 1.2vw, 2.125rem)', lineHeight: '1.2' },
      h3: { fontSize: '1.375rem', lineHeight: '1.3' },
    },
  },
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '10px', lg: '16px', xl: '24px' },
  breakpoints: {
    xs: em(BREAKPOINTS.xs),
    sm: em(BREAKPOINTS.sm),
    md: em(BREAKPOINTS.md),
    lg: em(BREAKPOINTS.lg),
    xl: em(1920),
  },
  shadows: {
    xs: '0 1px 2px rgba(43, 29, 33, 0.06)',
    sm: '0 1px 3px rgba(43, 29, 33, 0.08), 0 1px 2px rgba(43, 29, 33, 0.04)',
    md: '0 6px 16px -4px rgba(43, 29, 33, 0.12), 0 2px 4px rgba(43, 29, 33, 0.05)',
    lg: '0 16px 32px -8px rgba(43, 29, 33, 0.18)',
  },
  focusRing: 'auto',
  respectReducedMotion: true,
  cursorType: 'pointer',
  autoContrast: true,
  other: { serif: SERIF },
});

/** The page is warm off-white rather than pure white; cards stay white so they lift off it. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-body': PAGE_BACKGROUND,
    '--mantine-color-text': INK,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-wine-7)',
    '--mantine-color-error': 'var(--mantine-color-wine-8)',
  },
  dark: {},
});
