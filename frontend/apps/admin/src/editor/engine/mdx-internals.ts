/**
 * Cells MDXEditor exports at run time but leaves out of its type declarations (marked internal):
 * the parser's and the writer's extensions, which the editor's own export and block reader need.
 * Named imports (not a namespace object) keep the rest of MDXEditor tree-shaken.
 */
type Ref<T> = import('@mdxeditor/editor').NodeRef<T>;
type Writer = import('mdast-util-to-markdown').Options;
type Reader = import('mdast-util-from-markdown').Extension;

declare module '@mdxeditor/editor' {
  export const toMarkdownExtensions$: Ref<Writer[]>;
  export const toMarkdownOptions$: Ref<Writer>;
  export const mdastExtensions$: Ref<(Reader | Reader[])[]>;
}

export { mdastExtensions$, toMarkdownExtensions$, toMarkdownOptions$ } from '@mdxeditor/editor';
