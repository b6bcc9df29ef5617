import type { Testimonial } from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';
import { MarkdownHtml } from '@atelier/ui/markdown-html';
import { StarRating } from '@atelier/ui/star-rating';
import { useRecordLanguage } from '@/lib/record-language';

/** How many approved testimonials the site reads (GET /testimonials). */
export const TESTIMONIALS_LIMIT = 30;

/** Avatar colours cycle through these five pairs. */
export const AVATAR_COLOURS = [
  'bg-blue-100 text-blue-800',
  'bg-green-100 text-green-800',
  'bg-purple-100 text-purple-800',
  'bg-amber-100 text-amber-800',
  'bg-rose-100 text-rose-800',
] as const;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');

/**
 * One approved testimonial as the site shows it (the home page's carousel, the About page's grid):
 * its stars, its text, the initials and the name and company. The server writes the About page's
 * with the same markup (`crates/adapters-http/src/site/content/about.rs`).
 */
export function TestimonialCard({
  testimonial,
  index,
}: {
  testimonial: Testimonial;
  index: number;
}) {
  const language = useRecordLanguage(testimonial.language);
  return (
    <figure
      {...language}
      data-testid="testimonial-card"
      className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-md"
    >
      <StarRating rating={testimonial.rating} />
      <blockquote className="mt-4 flex-1 text-gray-700">
        {testimonial.content.trim() ? (
          <MarkdownHtml html={testimonial.contentHtml} />
        ) : (
          <p className="text-gray-600 italic">{t('testimonial.empty')}</p>
        )}
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span
          aria-hidden="true"
          data-testid="testimonial-avatar"
          className={`flex h-11 w-11 items-center justify-center rounded-full font-bold ${
            AVATAR_COLOURS[index % AVATAR_COLOURS.length]
          }`}
        >
          {initials(testimonial.name)}
        </span>
        <span>
          <span className="block font-semibold text-gray-900">{testimonial.name}</span>
          {testimonial.company && (
            <span className="block text-sm text-gray-600">{testimonial.company}</span>
          )}
        </span>
      </figcaption>
    </figure>
  );
}
