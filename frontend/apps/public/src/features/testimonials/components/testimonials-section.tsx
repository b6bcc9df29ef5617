import { useListTestimonials } from '@atelier/api-client/api';
import { t } from '@atelier/messages/intl';
import { CarouselDot } from '@atelier/ui/carousel-dot';
import { swipeStep, wrapIndex } from '@atelier/ui/carousel-math';
import { LoadingPlaceholder, Skeleton } from '@atelier/ui/skeleton';
import {
  LARGE_SCREEN_QUERY,
  MEDIUM_SCREEN_QUERY,
  useMediaQuery,
} from '@atelier/ui/use-media-query';
import { type PointerEvent, useRef, useState } from 'react';
import { TESTIMONIALS_LIMIT, TestimonialCard } from '@/components/testimonial-card';
import { useHomeSection } from '@/hooks/use-home-page';
import { visibleTestimonials, visibleWindow } from '../visible-count';

export { TESTIMONIALS_LIMIT } from '@/components/testimonial-card';

/** The testimonials' stand-in until they arrive. */
const TestimonialsLoading = ({ perView }: { perView: number }) => (
  <LoadingPlaceholder
    label={t('testimonials.loading')}
    className="grid gap-6 md:grid-cols-2 lg:grid-cols-3"
  >
    {Array.from({ length: perView }, (_, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
      <Skeleton key={index} className="h-64 rounded-2xl" />
    ))}
  </LoadingPlaceholder>
);

/** The approved testimonials, a window of 3, 2 or 1 at a time with previous/next and dots. */
export function TestimonialsSection() {
  const section = useHomeSection('testimonials');
  const large = useMediaQuery(LARGE_SCREEN_QUERY);
  const medium = useMediaQuery(MEDIUM_SCREEN_QUERY);
  const perView = visibleTestimonials(large ? 1024 : medium ? 768 : 0);
  const { data, isPending } = useListTestimonials({
    status: 'approved',
    limit: TESTIMONIALS_LIMIT,
  });
  const [rawStart, setStart] = useState(0);
  const swipeFrom = useRef<number | null>(null);
  const items = data?.testimonials ?? [];
  const count = items.length;
  const start = wrapIndex(rawStart, count);
  const movable = count > perView;

  const move = (step: number) => {
    if (!movable) return;
    setStart((current) => wrapIndex(current + step, count));
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = swipeFrom.current;
    swipeFrom.current = null;
    if (from === null) return;
    move(swipeStep(event.clientX - from, movable ? count : 1));
  };

  const shown = visibleWindow(items, start, perView).map((item, offset) => ({
    item,
    colour: wrapIndex(start + offset, count),
  }));
  const navClass =
    'flex h-11 w-11 items-center justify-center rounded-full bg-white text-xl text-gray-700 shadow hover:bg-blue-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600';

  return (
    <section aria-labelledby="testimonials-heading" className="bg-blue-50/50 py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto mb-12 max-w-3xl text-center">
          <h2 id="testimonials-heading" className="text-3xl font-bold text-gray-900 md:text-4xl">
            {section.heading}
          </h2>
          {section.subheading && <p className="mt-4 text-lg text-gray-600">{section.subheading}</p>}
        </div>
        {isPending ? (
          <TestimonialsLoading perView={perView} />
        ) : count === 0 ? (
          <p className="text-center text-gray-600">{t('testimonials.noneYet')}</p>
        ) : (
          <section aria-roledescription={t('ui.carousel')} aria-label={t('testimonials.carousel')}>
            <div className="flex items-center gap-4">
              {movable && (
                <button
                  type="button"
                  aria-label={t('testimonials.previous')}
                  onClick={() => move(-1)}
                  className={navClass}
                >
                  ‹
                </button>
              )}
              <div
                aria-live="polite"
                className="grid flex-1 touch-pan-y gap-6 md:grid-cols-2 lg:grid-cols-3"
                onPointerDown={(event) => {
                  swipeFrom.current = event.clientX;
                }}
                onPointerUp={onPointerUp}
              >
                {shown.map(({ item, colour }) => (
                  <TestimonialCard key={item._id} testimonial={item} index={colour} />
                ))}
              </div>
              {movable && (
                <button
                  type="button"
                  aria-label={t('testimonials.next')}
                  onClick={() => move(1)}
                  className={navClass}
                >
                  ›
                </button>
              )}
            </div>
            {movable && (
              <div className="mt-8 flex justify-center gap-2">
                {items.map((item, index) => (
                  <CarouselDot
                    key={item._id}
                    label={t('testimonials.goTo', { number: index + 1 })}
                    current={index === start}
                    onSelect={() => setStart(index)}
                  />
                ))}
              </div>
            )}
          </section>
        )}
      </div>
    </section>
  );
}
