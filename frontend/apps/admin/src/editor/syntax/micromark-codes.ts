/** Character codes and classes shared by the dialect's tokenizers (`micromark-atelier.ts`). */
import type { Code } from 'micromark-util-types';

export const PLUS = 43;
export const DASH = 45;
export const BACKSLASH = 92;
export const LEFT_BRACKET = 91;
export const RIGHT_BRACKET = 93;
export const CARET = 94;
export const LEFT_BRACE = 123;
export const RIGHT_BRACE = 125;
export const TILDE = 126;
const SPACE = 32;

/** End of file, a line ending or a space or tab (micromark's codes are negative for those). */
export const isSpaceOrEnd = (code: Code) => code === null || code < 0 || code === SPACE;
export const isLineEndingOrEnd = (code: Code) => code === null || code < -2;
/** A letter or digit, as the site's small-text rule reads one (UTF-16 unit by unit). */
export const isWordChar = (code: Code) =>
  code !== null && code >= 0 && /[\p{L}\p{N}]/u.test(String.fromCharCode(code));
