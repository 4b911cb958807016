import {
  Anchor,
  DEFAULT_THEME,
  createTheme,
  type CSSVariablesResolver,
  type DefaultMantineColor,
  type MantineColorsTuple,
} from '@mantine/core';

import { AA_TEXT, darkenToContrast } from './contrast';

const SYSTEM_FONTS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

/**
 * The shade Mantine uses for filled buttons and badges (white text on it), outline and
 * subtle variants, `c="teal"` text and links. Mantine's default, 6, reads at 1.9:1 (yellow)
 * to 4.3:1 (indigo links) on white.
 */
export const PRIMARY_SHADE = 8;

/**
 * Backgrounds text sits on: white cards, the page (styles.css `--page-background`), striped
 * and hovered rows (gray 0 and 1). Every text colour of the palette is checked against all.
 */
export const TEXT_BACKGROUNDS = ['#ffffff', '#f7f7f5', '#f8f9fa', '#f1f3f5'] as const;

// A little above 4.5:1, so that a rounding in the browser's colour maths never drops below it.
const TARGET = AA_TEXT + 0.1;

/**
 * Mantine's palette with every shade that carries text deep enough for WCAG AA (4.5:1):
 * shades 6 and up of gray (gray 6 is the dimmed text, `c="dimmed"`, and the placeholder),
 * the primary shade of every colour (filled badges and buttons, outline, links, coloured
 * text) and shade 9 (the text of light badges and alerts) against shades 0 and 1, the
 * light variants' backgrounds. Hues are kept; shades only get darker, never lighter, and
 * stay ordered light to dark.
 */
function accessibleTuple(name: string, shades: readonly string[]): MantineColorsTuple {
  const from = name === 'gray' ? 6 : PRIMARY_SHADE;
  const lightBackgrounds = shades.slice(0, 3);
  const out = shades.map((shade, index) => {
    if (index < from) return shade;
    const backgrounds = index === 9 ? [...TEXT_BACKGROUNDS, ...lightBackgrounds] : TEXT_BACKGROUNDS;
    return darkenToContrast(shade, backgrounds, TARGET);
  });
  return out as unknown as MantineColorsTuple;
}

export const accessibleColors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [name, accessibleTuple(name, shades)]),
) as Record<DefaultMantineColor, MantineColorsTuple>;

/**
 * Dimmed text is gray 6 already (made readable above); placeholders take it too (Mantine's
 * gray 5 is 2.1:1 on white), and error text the primary shade of red (red 6 is 3.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    '--mantine-color-error': `var(--mantine-color-red-${PRIMARY_SHADE})`,
  },
  dark: {},
});

export const theme = createTheme({
  fontFamily: SYSTEM_FONTS,
  headings: { fontFamily: SYSTEM_FONTS, fontWeight: '600' },
  lineHeights: { md: '1.6' },
  colors: accessibleColors,
  primaryColor: 'indigo',
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  defaultRadius: 'md',
  components: {
    // Links are told from the text around them by more than colour (WCAG 1.4.1; axe's
    // link-in-text-block): an underline, always.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
  },
});
