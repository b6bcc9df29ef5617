import { mockApi } from '@atelier/api-client/test/mock-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $getRoot, $isTextNode, $setSelection, type LexicalEditor } from 'lexical';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { markdownPreviewApi } from '@/test/admin-api';
import MarkdownEditor, { type MarkdownEditorProps, SPLIT_BANNER } from './markdown-editor';
import { demoCorpus } from './test/corpus';
import { installLayoutStubs } from './test/engine-harness';

beforeEach(() => {
  installLayoutStubs();
  // The live preview asks the server to render the text.
  mockApi(markdownPreviewApi);
});

function Harness({
  initial,
  onValue,
  ...props
}: Partial<MarkdownEditorProps> & {
  initial: string;
  onValue: (value: string) => void;
}) {
  const [value, setValue] = useState(initial);
  const [queries] = useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queries}>
      <MarkdownEditor
        {...props}
        value={value}
        onChange={(next) => {
          onValue(next);
          setValue(next);
        }}
      />
    </QueryClientProvider>
  );
}

const setup = (initial: string, props: Partial<MarkdownEditorProps> = {}) => {
  const onValue = vi.fn<(value: string) => void>();
  const view = render(<Harness initial={initial} onValue={onValue} {...props} />);
  return { onValue, view, last: () => onValue.mock.calls.at(-1)?.[0] };
};

/** The Lexical editor behind the visual surface, once it shows. */
const richEditor = async () => {
  const surface = await waitFor(() => {
    const element = document.querySelector<HTMLElement>('.atelier-mdx-content');
    expect(element).not.toBeNull();
    expect(element?.closest('.invisible')).toBeNull();
    return element as HTMLElement & { __lexicalEditor: LexicalEditor };
  });
  return surface.__lexicalEditor;
};

/** Selects `word` in the first paragraph of the visual editor. */
const selectWord = (editor: LexicalEditor, word: string) =>
  act(() => {
    editor.update(
      () => {
        const text = $getRoot()
          .getAllTextNodes()
          .find((node) => node.getTextContent().includes(word));
        if (!$isTextNode(text)) throw new Error(`no text node with ${word}`);
        const at = text.getTextContent().indexOf(word);
        text.select(at, at + word.length);
      },
      { discrete: true },
    );
  });

const toolbar = () => screen.getByRole('toolbar', { name: 'Formatting' });
const press = (label: string) =>
  fireEvent.click(within(toolbar()).getByRole('button', { name: label }));

describe('toolbar in the visual editor: each button writes exactly its syntax', () => {
  const cases: [string, string][] = [
    ['Bold', 'Hello **world**'],
    ['Italic', 'Hello *world*'],
    ['Underline', 'Hello ++world++'],
    ['Strikethrough', 'Hello ~~world~~'],
    ['Highlight', 'Hello ==world=='],
    ['Superscript', 'Hello ^world^'],
    ['Subscript', 'Hello ~world~'],
    ['Small text', 'Hello --world--'],
    ['Keyboard key', 'Hello [[world]]'],
    ['Heading', '## Hello world'],
    ['Quote', '> Hello world'],
    ['Bullet list', '- Hello world'],
    ['Numbered list', '1. Hello world'],
    ['Checkbox list', '- [ ] Hello world'],
    ['Footnote', 'Hello world[^1]\n\n[^1]: Footnote text.'],
  ];
  for (const [label, expected] of cases) {
    it(label, async () => {
      const { last } = setup('Hello world');
      selectWord(await richEditor(), 'world');
      press(label);
      await waitFor(() => expect(last()).toBe(expected));
    });
  }

  it('Status badge (each kind)', async () => {
    for (const [kind, label] of [
      ['success', 'Success'],
      ['warning', 'Warning'],
      ['error', 'Error'],
      ['badge', 'Info'],
    ] as const) {
      const { last, view } = setup('Hello world');
      selectWord(await richEditor(), 'world');
      press('Status badge');
      fireEvent.click(screen.getByRole('menuitem', { name: new RegExp(`^${label}`) }));
      await waitFor(() => expect(last()).toBe(`Hello {${kind}: world}`));
      view.unmount();
    }
  });

  it('Horizontal rule and code block', async () => {
    const { last } = setup('Hello world');
    const editor = await richEditor();
    selectWord(editor, 'world');
    press('Horizontal rule');
    await waitFor(() => expect(last()).toMatch(/^Hello world\n\n---$/));
    selectWord(editor, 'world');
    press('Code block');
    await waitFor(() => expect(last()).toMatch(/```\n[\s\S]*```/));
  });

  it('inserts at the end of the text when the editor has no selection', async () => {
    const { last } = setup('Hello');
    const editor = await richEditor();
    act(() => editor.update(() => $setSelection(null), { discrete: true }));
    press('Keyboard key');
    await waitFor(() => expect(last()).toBe('Hello[[Ctrl]]'));
  });

  it('Link and Image open their dialogs', async () => {
    setup('Hello world');
    selectWord(await richEditor(), 'world');
    press('Link');
    await waitFor(() =>
      expect(document.querySelector('.atelier-editor-overlay')?.textContent).not.toBe(''),
    );
    press('Image');
    await screen.findByRole('dialog');
  });
});

describe('toolbar in markdown source: each button writes exactly its syntax', () => {
  const cases: [string, string][] = [
    ['Bold', 'Hello **world**'],
    ['Italic', 'Hello *world*'],
    ['Underline', 'Hello ++world++'],
    ['Strikethrough', 'Hello ~~world~~'],
    ['Highlight', 'Hello ==world=='],
    ['Superscript', 'Hello ^world^'],
    ['Subscript', 'Hello ~world~'],
    ['Small text', 'Hello --world--'],
    ['Keyboard key', 'Hello [[world]]'],
    ['Heading', '## Hello world'],
    ['Quote', '> Hello world'],
    ['Bullet list', '- Hello world'],
    ['Numbered list', '1. Hello world'],
    ['Checkbox list', '- [ ] Hello world'],
    ['Code block', 'Hello \n\n```javascript\nworld\n```'],
    ['Horizontal rule', 'Hello \n\n---'],
    ['Link', 'Hello [world](https://)'],
    ['Footnote', 'Hello world[^1]\n\n[^1]: Footnote text.'],
  ];
  for (const [label, expected] of cases) {
    it(label, async () => {
      const { last } = setup('Hello world');
      await richEditor();
      fireEvent.click(screen.getByRole('button', { name: 'Markdown' }));
      const source = screen.getByRole('textbox', {
        name: /markdown source/,
      }) as HTMLTextAreaElement;
      source.setSelectionRange(6, 11);
      press(label);
      await waitFor(() => expect(last()).toBe(expected));
    });
  }

  it('Image: the back office’s image dialog, then the image in place of the selection', async () => {
    const { last } = setup('Hello world');
    await richEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Markdown' }));
    const source = screen.getByRole('textbox', { name: /markdown source/ }) as HTMLTextAreaElement;
    source.setSelectionRange(6, 11);
    press('Image');
    const dialog = await screen.findByRole('dialog', { name: 'Insert an image' });
    fireEvent.change(within(dialog).getByLabelText('Image address'), {
      target: { value: '/media/world.png' },
    });
    fireEvent.change(within(dialog).getByLabelText('Alt text'), { target: { value: 'world' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Insert image' }));
    await waitFor(() => expect(last()).toBe('Hello \n\n![world](/media/world.png)'));
  });

  it('Ctrl+B, Ctrl+I and Ctrl+K in the source', async () => {
    const { last } = setup('Hello world');
    await richEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Markdown' }));
    const source = screen.getByRole('textbox', { name: /markdown source/ }) as HTMLTextAreaElement;
    source.setSelectionRange(6, 11);
    fireEvent.keyDown(source, { key: 'b', ctrlKey: true });
    await waitFor(() => expect(last()).toBe('Hello **world**'));
  });
});

describe('never changes what it did not touch', () => {
  it('an untouched document is never dirty, whatever the admin looks at', async () => {
    const post = demoCorpus().find((entry) => entry.markdown.includes('[^1]'));
    const { onValue } = setup(post?.markdown ?? '');
    await richEditor();
    const user = userEvent.setup();
    const view = screen.getByRole('group', { name: 'View' });
    await user.click(within(view).getByRole('button', { name: 'Split' }));
    await user.click(within(view).getByRole('button', { name: 'Preview' }));
    await user.click(within(toolbar()).getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Markdown' }));
    await user.click(screen.getByRole('button', { name: 'Markdown' }));
    await richEditor();
    expect(onValue).not.toHaveBeenCalled();
  });

  it('keeps a block it cannot hold exactly as markdown, says so, and edits the rest', async () => {
    const stored = 'Intro paragraph.\n\nStruck ~~a~2~~~ b\n\nOutro.';
    const { last } = setup(stored);
    const editor = await richEditor();
    expect(await screen.findByRole('note')).toHaveTextContent(
      'One part of this text is kept as markdown',
    );
    expect(document.querySelector('.atelier-raw-block pre')).toHaveTextContent('Struck ~~a~2~~~ b');
    act(() => {
      editor.update(
        () => {
          const text = $getRoot()
            .getAllTextNodes()
            .find((node) => node.getTextContent() === 'Outro.');
          text?.setTextContent('Outro, edited.');
        },
        { discrete: true },
      );
    });
    await waitFor(() =>
      expect(last()).toBe('Intro paragraph.\n\nStruck ~~a~2~~~ b\n\nOutro, edited.'),
    );
  });

  it('opens what it cannot hold at all in source, says why, and saves it byte for byte', async () => {
    // A code fence opened and never closed, at the very end.
    const stored = 'Intro\r\n\r\n~~~\r\n\r\n';
    const { last } = setup(stored);
    expect(await screen.findByRole('note')).toHaveTextContent(
      /cannot keep exactly.* saved exactly as you write it here/,
    );
    const source = screen.getByRole('textbox', { name: /markdown source/ }) as HTMLTextAreaElement;
    expect(source.value).toBe('Intro\n\n~~~\n\n');
    fireEvent.change(source, { target: { value: 'Intro!\n\n~~~\n\n' } });
    await waitFor(() => expect(last()).toBe('Intro!\r\n\r\n~~~\r\n\r\n'));
  });

  it('typing in the visual editor changes only the block typed in', async () => {
    const stored = 'First   paragraph with  spaces.\n\n* star list\n* item\n\nLast paragraph.\n';
    const { last } = setup(stored);
    const editor = await richEditor();
    act(() => {
      editor.update(
        () => {
          const text = $getRoot()
            .getAllTextNodes()
            .find((node) => node.getTextContent() === 'Last paragraph.');
          text?.setTextContent('Last paragraph, edited.');
        },
        { discrete: true },
      );
    });
    await waitFor(() =>
      expect(last()).toBe(
        'First   paragraph with  spaces.\n\n* star list\n* item\n\nLast paragraph, edited.\n',
      ),
    );
  });
});

describe('passing typing on', () => {
  it('passes the text on at once when the admin presses Ctrl+S, before the form saves', async () => {
    const { onValue } = setup('Draft');
    const editor = await richEditor();
    act(() => {
      editor.update(() => $getRoot().getAllTextNodes()[0]?.setTextContent('Draft, edited'), {
        discrete: true,
      });
    });
    expect(onValue).not.toHaveBeenCalled();
    fireEvent.keyDown(editor.getRootElement() as HTMLElement, { key: 's', ctrlKey: true });
    expect(onValue).toHaveBeenLastCalledWith('Draft, edited');
  });
});

describe('modes, panes and header', () => {
  it('shows the header label, the three modes and the split view', async () => {
    setup('# Title');
    await richEditor();
    expect(screen.getByText('Content Editor')).toBeInTheDocument();
    const modes = screen.getByRole('group', { name: 'View' });
    expect(within(modes).getByRole('button', { name: 'Edit' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    fireEvent.click(within(modes).getByRole('button', { name: 'Split' }));
    expect(screen.getByText(SPLIT_BANNER)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeInTheDocument();
    const preview = screen.getByRole('region', { name: 'Live Preview' });
    expect(within(preview).getByText('Moracity')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(preview).getByRole('heading', { name: 'Title' })).toBeInTheDocument(),
    );
  });

  it('previews nothing as "No content to preview" and toggles Preview / Edit from the toolbar', async () => {
    setup('');
    await richEditor();
    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Preview' }));
    expect(screen.getByText('No content to preview')).toBeInTheDocument();
    expect(
      screen.getByText('Start writing in the editor to see a live preview here.'),
    ).toBeInTheDocument();
    fireEvent.click(within(toolbar()).getByRole('button', { name: 'Edit' }));
    expect(screen.queryByText('No content to preview')).not.toBeInTheDocument();
  });

  it('offers the five themes and remembers the choice', async () => {
    setup('Text', { defaultMode: 'preview' });
    const select = screen.getByRole('combobox', { name: 'Theme' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Moracity', 'Minimal', 'Dark', 'Docs', 'GitHub']);
    fireEvent.change(select, { target: { value: 'dark' } });
    expect(document.querySelector('.atelier-preview')).toHaveClass('md-theme-dark');
    expect(localStorage.getItem('atelier.editor.theme')).toBe('dark');
  });

  it('goes fullscreen with a "Fullscreen Mode" badge and an Exit button', async () => {
    setup('Text');
    fireEvent.click(screen.getByRole('button', { name: 'Fullscreen' }));
    expect(screen.getByText('Fullscreen Mode')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Exit' }));
    expect(screen.queryByText('Fullscreen Mode')).not.toBeInTheDocument();
  });

  it('copies a help sample and closes the panel', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    setup('Text');
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    const help = screen.getByRole('region', { name: 'Markdown help' });
    for (const title of ['Text formatting', 'Structure', 'Lists and media', 'Special elements']) {
      expect(within(help).getByRole('heading', { name: title })).toBeInTheDocument();
    }
    fireEvent.click(within(help).getByRole('button', { name: /Keyboard key/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('[[Ctrl]] + [[S]]'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Markdown help' })).toBeNull());
  });

  it('shows the quick reference until "Got it!"', async () => {
    const { view } = setup('Text');
    const card = screen.getByRole('region', { name: 'Markdown Quick Reference' });
    for (const item of [
      'Bold',
      'Italic',
      'Strikethrough',
      'Heading',
      'Link',
      'Image',
      'Bullet list',
      'Numbered list',
    ]) {
      expect(within(card).getByText(item)).toBeInTheDocument();
    }
    fireEvent.click(within(card).getByRole('button', { name: 'Got it!' }));
    expect(screen.queryByRole('region', { name: 'Markdown Quick Reference' })).toBeNull();
    view.unmount();
    setup('Text');
    expect(screen.queryByRole('region', { name: 'Markdown Quick Reference' })).toBeNull();
  });

  it('hides each header control, and the header when all are hidden', async () => {
    const { view } = setup('Text', { controls: { modes: false, theme: false } });
    expect(screen.queryByRole('button', { name: 'Split' })).toBeNull();
    // Preview controls off (the portfolio's description): no Preview button in the toolbar either.
    expect(within(toolbar()).queryByRole('button', { name: 'Preview' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Theme' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Help' })).toBeInTheDocument();
    view.unmount();
    setup('Text', {
      controls: { label: false, modes: false, fullscreen: false, help: false, theme: false },
      ariaLabel: 'Description',
    });
    expect(screen.queryByText('Content Editor')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Description' })).toBeInTheDocument();
  });

  it('sizes the writing area as asked, never under 80 px', async () => {
    const { view } = setup('Text', { height: 300 });
    expect(document.querySelector<HTMLElement>('.atelier-mdx')?.closest('[style]')).toHaveStyle({
      height: '300px',
    });
    view.unmount();
    setup('Text', { height: 20 });
    expect(document.querySelector<HTMLElement>('.atelier-mdx')?.closest('[style]')).toHaveStyle({
      height: '80px',
    });
  });

  it('moves along the toolbar with the arrow keys, and Escape closes the help and the badge menu', async () => {
    setup('Text');
    await richEditor();
    const bold = within(toolbar()).getByRole('button', { name: 'Bold' });
    bold.focus();
    fireEvent.keyDown(bold, { key: 'ArrowRight' });
    expect(within(toolbar()).getByRole('button', { name: 'Italic' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowLeft' });
    expect(within(toolbar()).getByRole('button', { name: 'Preview' })).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    fireEvent.keyDown(screen.getByRole('region', { name: 'Markdown help' }), { key: 'Escape' });
    expect(screen.queryByRole('region', { name: 'Markdown help' })).toBeNull();

    press('Status badge');
    expect(screen.getByRole('menu', { name: 'Status badge' })).toBeInTheDocument();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('shows the shortcut labels', () => {
    setup('Text');
    expect(within(toolbar()).getByRole('button', { name: 'Bold' })).toHaveAttribute(
      'title',
      expect.stringContaining('Ctrl+B'),
    );
    expect(within(toolbar()).getByRole('button', { name: 'Italic' })).toHaveAttribute(
      'title',
      expect.stringContaining('Ctrl+I'),
    );
    expect(within(toolbar()).getByRole('button', { name: 'Link' })).toHaveAttribute(
      'title',
      expect.stringContaining('Ctrl+K'),
    );
  });
});
