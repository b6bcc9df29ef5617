/**
 * The round-trip corpus (EDITOR-NOTES.md, "How to prove it never corrupts content"): every
 * construct of the site's dialect alone, nested and at the start of a line, the known edge cases,
 * and (see `demo-content.ts`) every demo post and page.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CorpusEntry {
  name: string;
  markdown: string;
}

const entries = (group: string, list: Record<string, string>): CorpusEntry[] =>
  Object.entries(list).map(([name, markdown]) => ({ name: `${group}: ${name}`, markdown }));

export const ALONE = entries('alone', {
  bold: '**bold text**',
  italic: '*italic text*',
  underline: '++underlined text++',
  strikethrough: '~~struck text~~',
  highlight: '==highlighted text==',
  superscript: 'x^2^',
  subscript: 'H~2~O',
  small: '--fine print--',
  'heading 1': '# Title',
  'heading 2': '## Section',
  'heading 3': '### Subsection',
  quote: '> A quotation',
  'code block': '```javascript\nconsole.log("Hello");\n```',
  'code block without language': '```\nplain\n```',
  rule: 'Above\n\n---\n\nBelow',
  'bullet list': '- First\n- Second',
  'numbered list': '1. First\n2. Second',
  'checkbox list': '- [x] Done\n- [ ] To do',
  image: '![A chart](https://example.com/chart.png)',
  link: '[Atelier](https://example.com)',
  'success badge': '{success: Deployed}',
  'warning badge': '{warning: Deprecated}',
  'error badge': '{error: Failed}',
  'info badge': '{badge: New}',
  'keyboard key': '[[Ctrl]]',
  footnote: 'A claim.[^1]\n\n[^1]: The source.',
  'inline code': 'Use `npm install` first.',
  table: '| Name | Value |\n|---|---|\n| a | 1 |\n| b | 2 |',
});

export const NESTED = entries('nested', {
  'italic in bold': '**bold *italic* bold**',
  'bold in underline': '++under **bold** line++',
  'highlight in strike': '~~strike ==mark== strike~~',
  'keys in bold': '**Press [[Ctrl]] + [[S]] to save**',
  'badge in italic': '*Status: {success: live}*',
  'quote with marks': '> **Quoted** text with [[Esc]] and H~2~O',
  'list with scripts': '- Water is H~2~O\n- Area is m^2^',
  'numbered with small': '1. First --note--\n2. Second',
  'task with badge': '- [ ] Ship it {warning: blocked}\n- [x] Test it',
  'table with extras':
    '| Key | Meaning |\n|---|---|\n| [[Esc]] | **Close** |\n| H~2~O | ==water== |',
  'bold link': '[**bold link**](https://example.com)',
  'heading with mark': '## A ==marked== heading',
  'bold highlight': '==**bold mark**==',
  'link in list in quote': '> - [Docs](https://example.com/docs)\n> - Two',
  'nested list': '- One\n  - One A\n  - One B\n- Two',
  'ordered in bullet': '- Steps\n  1. First\n  2. Second',
  'footnote in list': '- An item[^a]\n\n[^a]: Its note.',
  'small with bold': '--small **bold** text--',
  'underline in heading': '### ++Underlined++ heading',
  'code in bold': '**use `code` here**',
  'strike in link': '[~~old~~ new](https://example.com)',
});

export const LINE_START = entries('line start', {
  bold: 'First line\n**bold** at the start',
  small: 'First line\n--small-- at the start',
  subscript: '~sub~ at the start',
  superscript: '^sup^ at the start',
  underline: '++ins++ at the start',
  highlight: '==mark== at the start',
  key: '[[Ctrl]] at the start',
  badge: '{warning: careful} at the start',
  footnote: '[^1] at the start\n\n[^1]: Note.',
  strike: '~~gone~~ at the start',
});

export const EDGE_CASES = entries('edge', {
  'tilde percent': 'About ~10% faster',
  'lone tilde': 'a ~ b',
  'year range': '2019--2020',
  'double equals': '1 == 2',
  'kbd syntax in code': 'Write `[[Ctrl]]` or `{success: x}`',
  'syntax in code block': '```\n[[Ctrl]] {error: x} ~sub~ ^sup^ ++ins++ --small--\n```',
  'less than': 'Latency <5ms and costs <10ms',
  'multi-paragraph footnote':
    'Text[^long] more.\n\n[^long]: First paragraph.\n\n    Second paragraph.',
  'loose list': '- First\n\n- Second\n\n- Third',
  'ordered task list': '1. [ ] Plan\n2. [x] Build',
  'loose ordered list': '1. One\n\n2. Two',
  'ordered from three': '3. Three\n4. Four',
  'html block': '<div align="center">\n<strong>Centered</strong>\n</div>',
  'inline html': 'Some <b>bold</b> and <u>underlined</u> and <sub>sub</sub> words',
  'html comment': '<!-- a note for editors -->\n\nVisible text',
  'reference links':
    'See [the docs][docs] and [more][].\n\n[docs]: https://example.com/docs "Docs"\n[more]: https://example.com/more',
  'setext headings': 'Title\n=====\n\nSection\n-------',
  'hard break spaces': 'Line one  \nLine two',
  'hard break backslash': 'Line one\\\nLine two',
  'soft break': 'Line one\nLine two',
  crlf: 'Line one\r\nLine two\r\n\r\n- a\r\n- b\r\n',
  emoji: 'Shipped 🎉 with ❤️ and 👩‍💻',
  'plus signs': 'C++ and a++b and 1 + 1',
  'caret alone': '2^10 and x^y',
  'cli flags': 'Use --force or -f, never --dry-run--twice',
  'spaced dashes': 'a -- b -- c',
  'em dash': 'Fast — and cheap',
  'escaped emphasis': '\\*not italic\\* and \\[\\[not a key]]',
  'unknown badge': '{unknown: x} and {success:} and {}',
  'blank key': '[[ ]] and [[a]b]]',
  'bold italic': '***bold italic***',
  underscores: '_under_ and __strong__ and snake_case_name',
  autolinks: '<https://example.com> and https://example.org',
  'image with title': '![Alt](/images/a.png "A title")',
  'link with title': '[Home](https://example.com "Go home")',
  'indented code': 'Paragraph\n\n    indented code\n    more',
  'tilde fence': '~~~rust\nfn main() {}\n~~~',
  'fence with info': '```js title="a.js"\nlet a;\n```',
  'trailing newline': 'Paragraph\n',
  'leading blank lines': '\n\nParagraph',
  'container block': '::: warning\nBe careful\n:::',
  'entity references': 'AT&amp;T &copy; 2026 &#x1F600;',
  'numbers and dots': '2026. A year\n\n1) paren list',
  'star bullets': '* one\n* two\n\n+ three',
  'thematic variants': '***\n\n___\n\n- - -',
  'heading trailing hashes': '## Heading ##',
  'angle link': '[a](<https://example.com/a b>)',
  'long sub': '~not a subscript~ and ~a\\ b~',
  empty: '',
  'only whitespace': '   \n\n  ',
});

/** Rust string literals (plain with escapes, or raw) in a source file. */
export const rustStrings = (source: string): string[] => {
  const found: string[] = [];
  const literal = /r(#*)"([\s\S]*?)"\1|"((?:[^"\\]|\\[\s\S])*)"/g;
  for (const match of source.matchAll(literal)) {
    if (match[2] !== undefined) found.push(match[2]);
    else if (match[3] !== undefined) {
      found.push(
        match[3].replace(
          /\\(\n\s*|u\{([0-9a-fA-F]+)\}|.)/g,
          (_, sequence: string, hex?: string) => {
            if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
            if (sequence.startsWith('\n')) return '';
            return (
              { n: '\n', t: '\t', r: '\r', '0': '\0', '\\': '\\', '"': '"', "'": "'" }[sequence] ??
              sequence
            );
          },
        ),
      );
    }
  }
  return found;
};

const here = dirname(fileURLToPath(import.meta.url));
const REPO = join(here, '../../../../../..');

/** The demo seed's files: every `.rs` file in a `demo` folder under `crates/`. */
const demoFiles = (dir = join(REPO, 'crates'), inDemo = false): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'target' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return demoFiles(path, inDemo || name === 'demo');
    return inDemo && name.endsWith('.rs') ? [path] : [];
  });

/**
 * Every longer text of the demo content (posts, project descriptions, pages, services…): the
 * strings of 60 characters or more in the seed, which are all markdown or plain prose.
 */
export const demoCorpus = (): CorpusEntry[] =>
  demoFiles().flatMap((file) => {
    const name = file.slice(file.indexOf('crates'));
    return rustStrings(readFileSync(file, 'utf8'))
      .filter((text) => text.length >= 60 && !text.includes('{}'))
      .map((markdown, index) => ({ name: `demo: ${name} #${index + 1}`, markdown }));
  });
