import type { Faq } from '@atelier/api-client/api';
import { MarkdownHtml } from '@atelier/ui/markdown-html';
import { useId, useState } from 'react';
import { usePageLanguage } from '@/lib/page-language';
import { recordLanguageAttributes } from '@/lib/record-language';

/** Questions that open one at a time; opening another closes the first, clicking it again closes it. */
export function FaqAccordion({ faqs }: { faqs: readonly Faq[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();
  const page = usePageLanguage();
  return (
    <ul className="space-y-3">
      {faqs.map((faq) => {
        const open = faq._id === openId;
        const panelId = `${baseId}-${faq._id}`;
        return (
          <li
            key={faq._id}
            {...recordLanguageAttributes(faq.language, page)}
            data-testid="faq-item"
            className="rounded-xl bg-white shadow-sm ring-1 ring-gray-100"
          >
            <h3>
              <button
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : faq._id)}
                className="flex w-full items-center justify-between gap-4 rounded-xl px-6 py-4 text-left font-semibold text-gray-900 hover:bg-gray-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600"
              >
                {faq.question}
                <span aria-hidden="true" className="text-xl text-blue-600">
                  {open ? '−' : '+'}
                </span>
              </button>
            </h3>
            <div id={panelId} hidden={!open} className="px-6 pb-5 text-gray-700">
              <MarkdownHtml html={faq.answerHtml} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** `count` question bars; past `phoneCount` of them, only from 768 px on (CSS decides, not script). */
export function FaqSkeleton({ count, phoneCount = count }: { count: number; phoneCount?: number }) {
  return (
    <ul className="space-y-3" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
          key={index}
          className={`h-14 animate-pulse rounded-xl bg-gray-200 ${index >= phoneCount ? 'hidden md:block' : ''}`}
        />
      ))}
    </ul>
  );
}
