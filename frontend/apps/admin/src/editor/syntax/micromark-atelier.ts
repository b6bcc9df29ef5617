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
 *
 * One module per family: `micromark-ins.ts`, `micromark-scripts.ts`, `micromark-verbatim.ts`.
 */
import type { Extension } from 'micromark-util-types';
import { CARET, DASH, LEFT_BRACE, LEFT_BRACKET, PLUS, TILDE } from './micromark-codes';
import { ins } from './micromark-ins';
import { sub, sup } from './micromark-scripts';
import { badge, kbd, small } from './micromark-verbatim';

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
