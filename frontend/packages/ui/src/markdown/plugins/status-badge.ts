import type { PluginSimple, StateInline } from 'markdown-it';

/** The kinds the editor inserts as `{kind: text}`; `badge` is shown as Info. */
export const STATUS_BADGES = {
  success: { tone: 'success', label: 'Success', icon: '✓' },
  warning: { tone: 'warning', label: 'Warning', icon: '!' },
  error: { tone: 'error', label: 'Error', icon: '✕' },
  badge: { tone: 'info', label: 'Info', icon: 'i' },
} as const;

type StatusKind = keyof typeof STATUS_BADGES;

const BADGE_PATTERN = /^\{(success|warning|error|badge):[ \t]*([^{}\n]*?)[ \t]*\}/;

/** `{success: Deployed}` → a green "Success" badge reading "Deployed". The text is plain. */
const statusBadgeRule = (state: StateInline, silent: boolean): boolean => {
  if (state.src.charCodeAt(state.pos) !== 0x7b /* { */) return false;
  const match = BADGE_PATTERN.exec(state.src.slice(state.pos, state.posMax));
  const text = match?.[2];
  if (!match || !text) return false;
  if (!silent) {
    const token = state.push('status_badge', 'span', 0);
    token.meta = { kind: match[1] as StatusKind };
    token.content = text;
  }
  state.pos += match[0].length;
  return true;
};

export const statusBadgePlugin: PluginSimple = (md) => {
  md.inline.ruler.before('link', 'status_badge', statusBadgeRule);
  md.renderer.rules.status_badge = (tokens, index) => {
    const token = tokens[index];
    if (!token) return '';
    const badge = STATUS_BADGES[(token.meta as { kind: StatusKind }).kind];
    return (
      `<span class="md-status md-status-${badge.tone}" title="${badge.label}">` +
      `<span class="md-status-icon" aria-hidden="true">${badge.icon}</span>` +
      `<span class="md-status-label">${badge.label}: </span>` +
      `${md.utils.escapeHtml(token.content)}</span>`
    );
  };
};
