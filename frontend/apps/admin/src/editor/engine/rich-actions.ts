import { $createHeadingNode, $createQuoteNode } from '@lexical/rich-text';
import {
  activeEditor$,
  applyFormat$,
  applyListType$,
  convertSelectionToNode$,
  currentBlockType$,
  currentListType$,
  insertCodeBlock$,
  insertImage$,
  insertThematicBreak$,
  openLinkEditDialog$,
  openNewImageDialog$,
  type Realm,
  rootEditor$,
} from '@mdxeditor/editor';
import { $createParagraphNode, $getRoot, $getSelection, $isRangeSelection } from 'lexical';
import { badgeSource, nextFootnote } from '../toolbar-actions';
import type { BadgeKind, RichEdit } from '../toolbar-types';
import { $createRawBlockNode, $createRawInlineNode } from './raw-nodes';

/** Inline text usable inside `[[…]]`, `{kind: …}` and `--…--`. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const rawSource = (raw: 'small' | 'kbd' | 'badge', selected: string, badge: BadgeKind) => {
  const text = oneLine(selected);
  switch (raw) {
    case 'kbd':
      return `[[${text.replace(/[[\]]/g, '') || 'Ctrl'}]]`;
    case 'badge':
      return badgeSource(badge, text.replace(/[{}]/g, '') || 'text');
    case 'small':
      return `--${text.replace(/^-+|-+$/g, '').trim() || 'fine print'}--`;
  }
};

/** The selection, or the end of the text when the editor has none (its focus was elsewhere). */
const rangeSelection = () => {
  const selection = $getSelection();
  if ($isRangeSelection(selection)) return selection;
  $getRoot().selectEnd();
  const end = $getSelection();
  return $isRangeSelection(end) ? end : null;
};

/** Inserts an image at the selection in rich text. */
export const insertRichImage = (realm: Realm, image: { src: string; alt: string }) => {
  // The focus was in the image dialog: without a selection, the image goes at the end.
  if (!realm.getValue(activeEditor$)) realm.pub(activeEditor$, realm.getValue(rootEditor$));
  realm.getValue(activeEditor$)?.update(
    () => {
      rangeSelection();
    },
    { discrete: true },
  );
  realm.pub(insertImage$, { src: image.src, altText: image.alt, title: '' });
};

/**
 * Applies a toolbar button in rich text: MDXEditor's own commands for what it models, and our raw
 * nodes (written back exactly) for keys, badges, small text and footnotes.
 */
export const applyRichEdit = (
  realm: Realm,
  edit: RichEdit,
  options: { badge?: BadgeKind; markdown: string } = { markdown: '' },
) => {
  switch (edit.kind) {
    case 'format':
      realm.pub(applyFormat$, edit.format);
      return;
    case 'heading':
      realm.pub(convertSelectionToNode$, () =>
        realm.getValue(currentBlockType$) === 'h2'
          ? $createParagraphNode()
          : $createHeadingNode('h2'),
      );
      return;
    case 'quote':
      realm.pub(convertSelectionToNode$, () =>
        realm.getValue(currentBlockType$) === 'quote' ? $createParagraphNode() : $createQuoteNode(),
      );
      return;
    case 'list':
      realm.pub(applyListType$, realm.getValue(currentListType$) === edit.list ? '' : edit.list);
      return;
    case 'codeBlock': {
      let code = '';
      realm
        .getValue(activeEditor$)
        ?.getEditorState()
        .read(() => {
          code = $getSelection()?.getTextContent() ?? '';
        });
      realm.pub(insertCodeBlock$, { language: '', code });
      return;
    }
    case 'rule':
      realm.pub(insertThematicBreak$);
      return;
    case 'image':
      realm.pub(openNewImageDialog$);
      return;
    case 'link':
      realm.pub(openLinkEditDialog$);
      return;
    case 'raw':
      realm.getValue(activeEditor$)?.update(
        () => {
          const selection = rangeSelection();
          if (!selection) return;
          const source = rawSource(
            edit.raw,
            selection.getTextContent(),
            options.badge ?? 'success',
          );
          selection.insertNodes([$createRawInlineNode(edit.raw, source)]);
        },
        { discrete: true },
      );
      return;
    case 'footnote': {
      const n = nextFootnote(options.markdown);
      realm.getValue(activeEditor$)?.update(
        () => {
          const selection = rangeSelection();
          if (!selection) return;
          // After the selected words, which stay.
          const end = selection.isBackward() ? selection.anchor : selection.focus;
          const { key, offset, type } = end;
          selection.anchor.set(key, offset, type);
          selection.focus.set(key, offset, type);
          selection.insertNodes([$createRawInlineNode('footnote', `[^${n}]`)]);
        },
        { discrete: true },
      );
      realm.getValue(rootEditor$)?.update(
        () => {
          const root = $getRoot();
          const definition = $createRawBlockNode('footnote', `[^${n}]: Footnote text.`);
          // Before the empty paragraph the editor keeps last, so typing can go on below.
          const last = root.getLastChild();
          if (last && last.getTextContent() === '' && last.getType() === 'paragraph') {
            last.insertBefore(definition);
          } else root.append(definition);
        },
        { discrete: true },
      );
      return;
    }
  }
};
