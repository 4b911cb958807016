import { createTheme } from '@mantine/core';

const SYSTEM_FONTS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';

export const theme = createTheme({
  fontFamily: SYSTEM_FONTS,
  headings: { fontFamily: SYSTEM_FONTS, fontWeight: '600' },
  lineHeights: { md: '1.6' },
  primaryColor: 'indigo',
  defaultRadius: 'md',
});
