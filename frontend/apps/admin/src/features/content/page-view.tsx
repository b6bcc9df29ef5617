import type { ContentPage } from '@atelier/api-client/api';
import { MarkdownHtml } from '@atelier/ui/markdown-html';
import type { ReactNode } from 'react';
import { shortDate } from '@/kit/values';
import type { PageType } from './content-page';

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="text-xs font-semibold tracking-wide text-gray-600 uppercase">{term}</h3>
      <div className="mt-1 text-gray-900">{children}</div>
    </div>
  );
}

const notSet = <span className="text-gray-600 italic">Not set</span>;
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/** A page as visitors read it: the view mode. */
export function PageView({ type, page }: { type: PageType; page: ContentPage | undefined }) {
  if (!page) {
    return (
      <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-600">
        This page has no saved content yet: the site shows its built-in text. Choose Edit Content to
        write it.
      </p>
    );
  }
  return (
    <div className="space-y-5">
      <Field term="Title">{page.title || notSet}</Field>
      <Field term="Subtitle">{page.subtitle || notSet}</Field>
      <Field term="Description">
        {paragraphs(page.description).length
          ? paragraphs(page.description).map((paragraph) => (
              <p key={paragraph} className="mb-2 whitespace-pre-line">
                {paragraph}
              </p>
            ))
          : notSet}
      </Field>
      {type === 'about' ? (
        <>
          <Field term="Vision">{page.vision || notSet}</Field>
          <Field term="Mission">{page.mission || notSet}</Field>
          <Field term="Values">
            {page.values.length ? (
              <ul className="list-disc space-y-1 pl-5">
                {page.values.map((value) => (
                  <li key={value}>{value}</li>
                ))}
              </ul>
            ) : (
              notSet
            )}
          </Field>
        </>
      ) : (
        <>
          <Field term="Content">
            {page.content ? (
              <MarkdownHtml html={page.contentHtml} className="max-w-none" />
            ) : (
              notSet
            )}
          </Field>
          <Field term="Last Updated">{shortDate(page.lastUpdated) || notSet}</Field>
        </>
      )}
    </div>
  );
}
