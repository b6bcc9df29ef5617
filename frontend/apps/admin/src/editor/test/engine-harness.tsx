import { rootEditor$ } from '@mdxeditor/editor';
import { render } from '@testing-library/react';
import { $createParagraphNode, $createTextNode, $getRoot, $isParagraphNode } from 'lexical';
import { RichEditor, type RichEngine } from '../engine/rich-editor';

/** CodeMirror measures text with ranges, which jsdom does not lay out. */
export const installLayoutStubs = () => {
  const rects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const rect = () =>
    ({
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      bottom: 0,
      right: 0,
      width: 0,
      height: 0,
      toJSON: () => ({}),
    }) as DOMRect;
  Range.prototype.getClientRects ??= rects;
  Range.prototype.getBoundingClientRect ??= rect;
};

/** Mounts the rich-text engine alone with `markdown` and resolves once it holds it. */
export const mountEngine = (markdown: string) =>
  new Promise<{ engine: RichEngine; errors: string[]; unmount: () => void }>((resolve) => {
    installLayoutStubs();
    const errors: string[] = [];
    const view = render(
      <RichEditor
        initialMarkdown={markdown}
        overlayContainer={null}
        onEdit={() => undefined}
        onError={(message) => errors.push(message)}
        onReady={(engine) => resolve({ engine, errors, unmount: view.unmount })}
      />,
    );
  });

/** Types a new paragraph at the end of the document, as an admin would. */
export const appendParagraph = (engine: RichEngine, text: string) => {
  engine.realm.getValue(rootEditor$)?.update(
    () => {
      const paragraph = $createParagraphNode();
      paragraph.append($createTextNode(text));
      const root = $getRoot();
      const last = root.getLastChild();
      // The editor keeps an empty paragraph last; write into it when it is there.
      if ($isParagraphNode(last) && last.getChildrenSize() === 0) {
        last.replace(paragraph);
      } else root.append(paragraph);
    },
    { discrete: true },
  );
};
