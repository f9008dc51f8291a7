import { type CSSVariablesResolver, createTheme, darken, DEFAULT_THEME } from '@mantine/core';

// Chinese-first font stack: system UI fonts, then the common CJK faces of each platform.
export const theme = createTheme({
  primaryColor: 'blue',
  // Text on the filled primary colour meets WCAG AA (4.5:1): white on blue.6 is 3.5:1, on blue.8 5:1.
  primaryShade: { light: 8, dark: 8 },
  // Filled components pick black or white text, whichever reads better on their colour; 0.18 is
  // the luminance at which both give 4.6:1, so every filled colour gets at least that.
  autoContrast: true,
  luminanceThreshold: 0.18,
  defaultRadius: 'sm',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
});

/**
 * Contrast (axe-core): Mantine's grey "dimmed" text (gray.6) is 3.3:1 on white and its light
 * badges 4.3:1; staff read these all day. Dimmed text gets a darker grey (5.9:1 on white, 5.5:1 on
 * gray.1), and coloured text, outlines and light badges a darker shade of their colour on the
 * lightest tint, every one above 4.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = { '--mantine-color-dimmed': '#5c636a' };
  for (const name of Object.keys(DEFAULT_THEME.colors)) {
    const shades = t.colors[name];
    if (!shades || name === 'dark') continue;
    const strong = darken(shades[9], 0.2);
    light[`--mantine-color-${name}-text`] = strong;
    light[`--mantine-color-${name}-outline`] = strong;
    light[`--mantine-color-${name}-light-color`] = strong;
    light[`--mantine-color-${name}-light`] = shades[0];
  }
  return { variables: {}, light, dark: {} };
};
