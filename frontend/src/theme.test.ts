import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';

import { AA_TEXT, contrastRatio, darkenToContrast } from './contrast';
import { PRIMARY_SHADE, TEXT_BACKGROUNDS, accessibleColors, theme } from './theme';

describe('contrast', () => {
  it('computes the WCAG ratio of known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    // The measurement: Mantine's dimmed grey on white.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
  });

  it('leaves a colour that already reads alone and deepens one that does not', () => {
    expect(darkenToContrast('#212529', ['#ffffff'], AA_TEXT)).toBe('#212529');
    const deeper = darkenToContrast('#fd7e14', ['#ffffff'], AA_TEXT);
    expect(contrastRatio(deeper, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
  });
});

describe('the theme palette', () => {
  const names = Object.keys(DEFAULT_THEME.colors);
  const shadesOf = (name: string): readonly string[] => {
    const shades = accessibleColors[name];
    if (shades === undefined) throw new Error(`no colour ${name} in the theme`);
    return shades;
  };

  it('uses a primary shade every colour meets AA at, on every background', () => {
    expect(theme.primaryShade).toEqual({ light: PRIMARY_SHADE, dark: PRIMARY_SHADE });
    for (const name of names) {
      const filled = shadesOf(name)[PRIMARY_SHADE] ?? '';
      for (const background of TEXT_BACKGROUNDS) {
        expect(contrastRatio(filled, background), `${name}.${PRIMARY_SHADE} on ${background}`).toBeGreaterThanOrEqual(
          AA_TEXT,
        );
      }
    }
  });

  it('keeps light badges readable: shade 9 on shades 0 to 2', () => {
    for (const name of names) {
      const [light0 = '', light1 = '', light2 = ''] = shadesOf(name);
      const text = shadesOf(name)[9] ?? '';
      for (const background of [light0, light1, light2]) {
        expect(contrastRatio(text, background), `${name}.9 on ${background}`).toBeGreaterThanOrEqual(AA_TEXT);
      }
    }
  });

  it('makes dimmed grey text readable on the page and on cards', () => {
    // Mantine's dimmed colour is gray 6; the issue measured 3.1–3.3:1 for it.
    for (const background of TEXT_BACKGROUNDS) {
      expect(contrastRatio(shadesOf('gray')[6] ?? '', background)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });

  it('makes the "Target not met" badge (white on filled orange) readable', () => {
    expect(contrastRatio('#ffffff', shadesOf('orange')[PRIMARY_SHADE] ?? '')).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
