import type { PluginSimple, StateInline } from 'markdown-it';

/** `[[Ctrl]]` → `<kbd>Ctrl</kbd>` (the editor's "keyboard key"). The key is plain text. */
const keyboardKeyRule = (state: StateInline, silent: boolean): boolean => {
  const { src, pos, posMax } = state;
  if (src.charCodeAt(pos) !== 0x5b /* [ */ || src.charCodeAt(pos + 1) !== 0x5b) return false;
  const end = src.indexOf(']]', pos + 2);
  if (end < 0 || end + 2 > posMax) return false;
  const key = src.slice(pos + 2, end);
  if (key.trim() === '' || /[[\]\n]/.test(key)) return false;
  if (!silent) {
    state.push('kbd_open', 'kbd', 1);
    const text = state.push('text', '', 0);
    text.content = key.trim();
    state.push('kbd_close', 'kbd', -1);
  }
  state.pos = end + 2;
  return true;
};

export const keyboardKeyPlugin: PluginSimple = (md) => {
  md.inline.ruler.before('link', 'kbd', keyboardKeyRule);
};
