/**
 * `--small--`, `[[key]]` and `{kind: text}`: each scanned as one token whose source is kept
 * verbatim (the site's own small-text, keyboard-key and status-badge rules).
 */
import type { Code, Construct, State, TokenizeContext, Tokenizer } from 'micromark-util-types';
import {
  DASH,
  isLineEndingOrEnd,
  isSpaceOrEnd,
  isWordChar,
  LEFT_BRACE,
  LEFT_BRACKET,
  RIGHT_BRACE,
  RIGHT_BRACKET,
} from './micromark-codes';

// ---------------------------------------------------------------------------------------------
// --small text--: the opener not after a dash or a letter, content not starting or ending with a
// space or dash, the closer not before a dash or a letter, all on one line.

const tokenizeSmall: Tokenizer = function (this: TokenizeContext, effects, ok, nok) {
  const previous = this.previous;
  // The last three characters consumed inside the content, newest last.
  let last: Code = null;
  let beforeLast: Code = null;
  let thirdLast: Code = null;
  let length = 0;
  const inside: State = (code) => {
    // `--` just consumed: a closer when the character before it and this one allow it.
    if (
      length >= 3 &&
      last === DASH &&
      beforeLast === DASH &&
      thirdLast !== DASH &&
      !isSpaceOrEnd(thirdLast) &&
      code !== DASH &&
      !isWordChar(code)
    ) {
      effects.exit('atelierSmall');
      return ok(code);
    }
    if (isLineEndingOrEnd(code)) return nok(code);
    effects.consume(code);
    thirdLast = beforeLast;
    beforeLast = last;
    last = code;
    length++;
    return inside;
  };
  const first: State = (code) => {
    if (code === DASH || isSpaceOrEnd(code)) return nok(code);
    effects.consume(code);
    last = code;
    length = 1;
    return inside;
  };
  return (code) => {
    if (code !== DASH || previous === DASH || isWordChar(previous)) return nok(code);
    effects.enter('atelierSmall');
    effects.consume(code);
    return (next: Code) => {
      if (next !== DASH) return nok(next);
      effects.consume(next);
      return first;
    };
  };
};

export const small: Construct = { name: 'atelierSmall', tokenize: tokenizeSmall };

// ---------------------------------------------------------------------------------------------
// [[key]]: no brackets or line breaks inside, not blank.

const tokenizeKbd: Tokenizer = function (this: TokenizeContext, effects, ok, nok) {
  let blank = true;
  const closing: State = (code) => {
    if (code !== RIGHT_BRACKET) return nok(code);
    effects.consume(code);
    effects.exit('atelierKbd');
    return ok;
  };
  const inside: State = (code) => {
    if (code === RIGHT_BRACKET) {
      if (blank) return nok(code);
      effects.consume(code);
      return closing;
    }
    if (code === LEFT_BRACKET || isLineEndingOrEnd(code)) return nok(code);
    if (!isSpaceOrEnd(code)) blank = false;
    effects.consume(code);
    return inside;
  };
  return (code) => {
    if (code !== LEFT_BRACKET) return nok(code);
    effects.enter('atelierKbd');
    effects.consume(code);
    return (next: Code) => {
      if (next !== LEFT_BRACKET) return nok(next);
      effects.consume(next);
      return inside;
    };
  };
};

export const kbd: Construct = { name: 'atelierKbd', tokenize: tokenizeKbd, add: 'before' };

// ---------------------------------------------------------------------------------------------
// {success|warning|error|badge: text}

export const BADGE_SOURCE = /^\{(success|warning|error|badge):[ \t]*([^{}\n]*?)[ \t]*\}$/;

const tokenizeBadge: Tokenizer = function (this: TokenizeContext, effects, ok, nok) {
  let source = '{';
  const inside: State = (code) => {
    if (code === RIGHT_BRACE) {
      source += '}';
      const match = BADGE_SOURCE.exec(source);
      if (!match?.[2]) return nok(code);
      effects.consume(code);
      effects.exit('atelierBadge');
      return ok;
    }
    if (code === LEFT_BRACE || isLineEndingOrEnd(code) || source.length > 2000) return nok(code);
    source += code === -2 ? '\t' : code === -1 ? ' ' : String.fromCharCode(code as number);
    effects.consume(code);
    return inside;
  };
  return (code) => {
    if (code !== LEFT_BRACE) return nok(code);
    effects.enter('atelierBadge');
    effects.consume(code);
    return inside;
  };
};

export const badge: Construct = { name: 'atelierBadge', tokenize: tokenizeBadge };
