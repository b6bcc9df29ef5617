/**
 * Tokenizers (micromark) for the parts of the site's markdown dialect that CommonMark and MDXEditor
 * do not know. Each mirrors the rule of the public renderer (`@atelier/ui/render-markdown`, a
 * markdown-it parser), so that the editor reads a text the way the site shows it:
 *
 * - `++inserted++`: a delimiter run of exactly two `+`, paired like `~~strike~~` (markdown-it-ins);
 * - `~sub~` and `^sup^`: plain text up to the next marker, no unescaped whitespace
 *   (markdown-it-sub / -sup);
 * - `--small--`, `[[key]]`, `{kind: text}`: scanned as one token whose source is kept verbatim
 *   (the site's own small-text, keyboard-key and status-badge rules).
 */
import { splice } from 'micromark-util-chunked';
import { classifyCharacter } from 'micromark-util-classify-character';
import { resolveAll } from 'micromark-util-resolve-all';
import type {
  Code,
  Construct,
  Event,
  Extension,
  Resolver,
  State,
  Token,
  TokenizeContext,
  Tokenizer,
} from 'micromark-util-types';

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    atelierIns: 'atelierIns';
    atelierInsSequence: 'atelierInsSequence';
    atelierInsSequenceTemporary: 'atelierInsSequenceTemporary';
    atelierInsText: 'atelierInsText';
    atelierSub: 'atelierSub';
    atelierSup: 'atelierSup';
    atelierScriptMarker: 'atelierScriptMarker';
    atelierScriptText: 'atelierScriptText';
    atelierSmall: 'atelierSmall';
    atelierKbd: 'atelierKbd';
    atelierBadge: 'atelierBadge';
  }
}

const PLUS = 43;
const DASH = 45;
const BACKSLASH = 92;
const LEFT_BRACKET = 91;
const RIGHT_BRACKET = 93;
const CARET = 94;
const LEFT_BRACE = 123;
const RIGHT_BRACE = 125;
const TILDE = 126;
const SPACE = 32;

/** End of file, a line ending or a space or tab (micromark's codes are negative for those). */
const isSpaceOrEnd = (code: Code) => code === null || code < 0 || code === SPACE;
const isLineEndingOrEnd = (code: Code) => code === null || code < -2;
/** A letter or digit, as the site's small-text rule reads one (UTF-16 unit by unit). */
const isWordChar = (code: Code) =>
  code !== null && code >= 0 && /[\p{L}\p{N}]/u.test(String.fromCharCode(code));

// ---------------------------------------------------------------------------------------------
// ++inserted++ (cloned from micromark-extension-gfm-strikethrough with `+` and double markers)

const resolveAllIns: Resolver = (events, context) => {
  let index = -1;
  while (++index < events.length) {
    const closer = events[index] as Event;
    if (
      closer[0] === 'enter' &&
      closer[1].type === 'atelierInsSequenceTemporary' &&
      closer[1]._close
    ) {
      let open = index;
      while (open--) {
        const opener = events[open] as Event;
        if (
          opener[0] === 'exit' &&
          opener[1].type === 'atelierInsSequenceTemporary' &&
          opener[1]._open &&
          closer[1].end.offset - closer[1].start.offset ===
            opener[1].end.offset - opener[1].start.offset
        ) {
          closer[1].type = 'atelierInsSequence';
          opener[1].type = 'atelierInsSequence';
          const ins: Token = {
            type: 'atelierIns',
            start: { ...opener[1].start },
            end: { ...closer[1].end },
          };
          const text: Token = {
            type: 'atelierInsText',
            start: { ...opener[1].end },
            end: { ...closer[1].start },
          };
          const next: Event[] = [
            ['enter', ins, context],
            ['enter', opener[1], context],
            ['exit', opener[1], context],
            ['enter', text, context],
          ];
          const insideSpan = context.parser.constructs.insideSpan.null;
          if (insideSpan) {
            splice(
              next,
              next.length,
              0,
              resolveAll(insideSpan, events.slice(open + 1, index), context),
            );
          }
          splice(next, next.length, 0, [
            ['exit', text, context],
            ['enter', closer[1], context],
            ['exit', closer[1], context],
            ['exit', ins, context],
          ]);
          splice(events, open - 1, index - open + 3, next);
          index = open + next.length - 2;
          break;
        }
      }
    }
  }
  for (const event of events) {
    if (event[1].type === 'atelierInsSequenceTemporary') event[1].type = 'data';
  }
  return events;
};

const tokenizeIns: Tokenizer = function (this: TokenizeContext, effects, ok, nok) {
  const previous = this.previous;
  const events = this.events;
  let size = 0;
  const more: State = (code) => {
    const before = classifyCharacter(previous);
    if (code === PLUS) {
      if (size > 1) return nok(code);
      effects.consume(code);
      size++;
      return more;
    }
    if (size < 2) return nok(code);
    const token = effects.exit('atelierInsSequenceTemporary');
    const after = classifyCharacter(code);
    token._open = !after || (after === 2 && Boolean(before));
    token._close = !before || (before === 2 && Boolean(after));
    return ok(code);
  };
  return (code) => {
    if (previous === PLUS && events[events.length - 1]?.[1].type !== 'characterEscape') {
      return nok(code);
    }
    effects.enter('atelierInsSequenceTemporary');
    return more(code);
  };
};

const ins: Construct = { name: 'atelierIns', tokenize: tokenizeIns, resolveAll: resolveAllIns };

// ---------------------------------------------------------------------------------------------
// ~sub~ and ^sup^: plain text, backslash escapes allowed, no unescaped whitespace.

const scriptTokenizer = (marker: number, type: 'atelierSub' | 'atelierSup'): Tokenizer =>
  function (this: TokenizeContext, effects, ok, nok) {
    const previous = this.previous;
    let size = 0;
    const escaped: State = (code) => {
      if (isLineEndingOrEnd(code)) return nok(code);
      effects.consume(code);
      size++;
      return inside;
    };
    const inside: State = (code) => {
      if (code === marker) {
        if (size === 0) return nok(code);
        effects.exit('atelierScriptText');
        effects.enter('atelierScriptMarker');
        effects.consume(code);
        effects.exit('atelierScriptMarker');
        effects.exit(type);
        return ok;
      }
      if (isSpaceOrEnd(code)) return nok(code);
      effects.consume(code);
      size++;
      return code === BACKSLASH ? escaped : inside;
    };
    return (code) => {
      // A marker right after another belongs to a run (`~~strike~~`), never to a script.
      if (code !== marker || previous === marker) return nok(code);
      effects.enter(type);
      effects.enter('atelierScriptMarker');
      effects.consume(code);
      effects.exit('atelierScriptMarker');
      effects.enter('atelierScriptText');
      return inside;
    };
  };

const sub: Construct = { name: 'atelierSub', tokenize: scriptTokenizer(TILDE, 'atelierSub') };
const sup: Construct = { name: 'atelierSup', tokenize: scriptTokenizer(CARET, 'atelierSup') };

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

const small: Construct = { name: 'atelierSmall', tokenize: tokenizeSmall };

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

const kbd: Construct = { name: 'atelierKbd', tokenize: tokenizeKbd, add: 'before' };

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

const badge: Construct = { name: 'atelierBadge', tokenize: tokenizeBadge };

/** The micromark extension for the whole dialect above. */
export const atelierSyntax = (): Extension => ({
  text: {
    [PLUS]: ins,
    [TILDE]: sub,
    [CARET]: sup,
    [DASH]: small,
    [LEFT_BRACKET]: kbd,
    [LEFT_BRACE]: badge,
  },
  insideSpan: { null: [ins] },
  attentionMarkers: { null: [PLUS] },
});
