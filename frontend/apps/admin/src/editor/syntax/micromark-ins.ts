/**
 * `++inserted++`: a delimiter run of exactly two `+`, paired like `~~strike~~` (markdown-it-ins).
 */
import { splice } from 'micromark-util-chunked';
import { classifyCharacter } from 'micromark-util-classify-character';
import { resolveAll } from 'micromark-util-resolve-all';
import type {
  Construct,
  Event,
  Resolver,
  State,
  Token,
  TokenizeContext,
  Tokenizer,
} from 'micromark-util-types';
import { PLUS } from './micromark-codes';

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

export const ins: Construct = {
  name: 'atelierIns',
  tokenize: tokenizeIns,
  resolveAll: resolveAllIns,
};
