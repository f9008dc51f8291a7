import { createTheme } from '@mantine/core';

// Chinese-first font stack: system UI fonts, then the common CJK faces of each platform.
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  fontFamily:
    '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
});
