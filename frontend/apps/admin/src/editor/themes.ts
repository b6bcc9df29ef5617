/**
 * The preview themes (back-office.md §3 "Preview theme", §9): colours and typography for the live
 * preview. Only fonts the machine already has are named; Inter is used when installed.
 */
export interface PreviewTheme {
  id: ThemeId;
  name: string;
  colors: {
    primary: string;
    secondary: string;
    accent: string;
    background: string;
    text: string;
    border: string;
  };
  typography: { fontSize: string; lineHeight: number; fontFamily: string };
}

export type ThemeId = 'moracity' | 'minimal' | 'dark' | 'docs' | 'github';

const SYSTEM_FONT =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const PREVIEW_THEMES: readonly PreviewTheme[] = [
  {
    id: 'moracity',
    name: 'Moracity',
    colors: {
      primary: '#dc2626',
      secondary: '#1f2937',
      accent: '#f97316',
      background: '#ffffff',
      text: '#1f2937',
      border: '#fecaca',
    },
    typography: { fontSize: '16px', lineHeight: 1.6, fontFamily: `Inter, ${SYSTEM_FONT}` },
  },
  {
    id: 'minimal',
    name: 'Minimal',
    colors: {
      primary: '#000000',
      secondary: '#4b5563',
      accent: '#6b7280',
      background: '#ffffff',
      text: '#111827',
      border: '#e5e7eb',
    },
    typography: { fontSize: '15px', lineHeight: 1.5, fontFamily: SYSTEM_FONT },
  },
  {
    id: 'dark',
    name: 'Dark',
    colors: {
      primary: '#60a5fa',
      secondary: '#9ca3af',
      accent: '#a78bfa',
      background: '#111827',
      text: '#e5e7eb',
      border: '#374151',
    },
    typography: { fontSize: '16px', lineHeight: 1.6, fontFamily: `Inter, ${SYSTEM_FONT}` },
  },
  {
    id: 'docs',
    name: 'Docs',
    colors: {
      primary: '#0284c7',
      secondary: '#334155',
      accent: '#0d9488',
      background: '#ffffff',
      text: '#1e293b',
      border: '#e2e8f0',
    },
    typography: { fontSize: '16px', lineHeight: 1.7, fontFamily: SYSTEM_FONT },
  },
  {
    id: 'github',
    name: 'GitHub',
    colors: {
      primary: '#0969da',
      secondary: '#57606a',
      accent: '#8250df',
      background: '#ffffff',
      text: '#1f2328',
      border: '#d0d7de',
    },
    typography: {
      fontSize: '16px',
      lineHeight: 1.6,
      fontFamily:
        '-apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif',
    },
  },
];

export const DEFAULT_THEME: ThemeId = 'moracity';

export const themeById = (id: string): PreviewTheme =>
  PREVIEW_THEMES.find((theme) => theme.id === id) ?? (PREVIEW_THEMES[0] as PreviewTheme);

/** The theme's values as CSS variables for the preview pane. */
export const themeStyle = (theme: PreviewTheme) =>
  ({
    '--md-primary': theme.colors.primary,
    '--md-secondary': theme.colors.secondary,
    '--md-accent': theme.colors.accent,
    '--md-background': theme.colors.background,
    '--md-text': theme.colors.text,
    '--md-border': theme.colors.border,
    fontSize: theme.typography.fontSize,
    lineHeight: theme.typography.lineHeight,
    fontFamily: theme.typography.fontFamily,
  }) as React.CSSProperties;
