import type { PluginSimple, StateInline } from 'markdown-it';

const DASH = 0x2d;

/** A letter or digit: `--` between two of them ("2019--2020") is not small text. */
const isWordChar = (code: number) =>
  !Number.isNaN(code) && /[\p{L}\p{N}]/u.test(String.fromCharCode(code));
const isSpace = (code: number) => code === 0x20 || code === 0x09 || code === 0x0a;

/**
 * `--fine print--` → `<small>fine print</small>` (the editor's "small text"). The content may
 * hold other inline markdown; it must not start or end with a space, and the markers must not
 * touch letters outside them or other dashes.
 */
const smallTextRule = (state: StateInline, silent: boolean): boolean => {
  const { src, pos, posMax } = state;
  if (src.charCodeAt(pos) !== DASH || src.charCodeAt(pos + 1) !== DASH) return false;
  const before = pos > 0 ? src.charCodeAt(pos - 1) : Number.NaN;
  if (before === DASH || isWordChar(before)) return false;
  const start = pos + 2;
  const first = src.charCodeAt(start);
  if (Number.isNaN(first) || first === DASH || isSpace(first)) return false;

  let end = src.indexOf('--', start + 1);
  while (end >= 0 && end + 2 <= posMax) {
    const last = src.charCodeAt(end - 1);
    const after = src.charCodeAt(end + 2);
    if (!isSpace(last) && last !== DASH && after !== DASH && !isWordChar(after)) break;
    end = src.indexOf('--', end + 1);
  }
  if (end < 0 || end + 2 > posMax || src.slice(start, end).includes('\n')) return false;

  if (!silent) {
    const outerMax = state.posMax;
    state.push('small_open', 'small', 1);
    state.pos = start;
    state.posMax = end;
    state.md.inline.tokenize(state);
    state.posMax = outerMax;
    state.push('small_close', 'small', -1);
  }
  state.pos = end + 2;
  return true;
};

export const smallTextPlugin: PluginSimple = (md) => {
  md.inline.ruler.before('emphasis', 'small_text', smallTextRule);
};
