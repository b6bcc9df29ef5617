/**
 * `~sub~` and `^sup^`: plain text up to the next marker, no unescaped whitespace
 * (markdown-it-sub / -sup).
 */
import type { Construct, State, TokenizeContext, Tokenizer } from 'micromark-util-types';
import { BACKSLASH, CARET, isLineEndingOrEnd, isSpaceOrEnd, TILDE } from './micromark-codes';

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

export const sub: Construct = {
  name: 'atelierSub',
  tokenize: scriptTokenizer(TILDE, 'atelierSub'),
};
export const sup: Construct = {
  name: 'atelierSup',
  tokenize: scriptTokenizer(CARET, 'atelierSup'),
};
