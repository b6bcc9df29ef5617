import { t } from '@atelier/messages/intl';
import useEmblaCarousel from 'embla-carousel-react';
import { type PointerEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../hooks/use-media-query';
import { CarouselDot } from './carousel-dot';
import { swipeStep, wrapIndex } from './carousel-math';

export { SWIPE_THRESHOLD_PX } from './carousel-math';

export interface SwipeCarouselProps {
  /** One slide each. */
  slides: ReactNode[];
  /** Names the carousel for assistive technology, e.g. 'Services'. */
  label: string;
  /** Auto-advance period; only with more than one slide and when motion is not reduced. */
  autoAdvanceMs?: number;
  className?: string;
}

/**
 * One slide at a time with dots; next after the last wraps to the first and back.
 * A swipe of more than 50 px moves one slide (leftward next, rightward previous).
 */
export function SwipeCarousel({
  slides,
  label,
  autoAdvanceMs = 5000,
  className = '',
}: SwipeCarouselProps) {
  const count = slides.length;
  // Dragging is ours (see onPointerUp), so embla only animates the moves asked of it and
  // `selected` stays the single source of truth.
  const [viewportRef, embla] = useEmblaCarousel({ loop: count > 1, watchDrag: false });
  const [rawSelected, setSelected] = useState(0);
  const selected = count > 0 ? rawSelected % count : 0;
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const swipeStart = useRef<number | null>(null);
  // Auto-advance pauses while the pointer or the keyboard focus is inside (WCAG 2.2.2).
  const [paused, setPaused] = useState(false);

  const next = useCallback(() => {
    if (count <= 1) return;
    setSelected((current) => wrapIndex(current + 1, count));
    embla?.scrollNext();
  }, [embla, count]);

  const previous = useCallback(() => {
    if (count <= 1) return;
    setSelected((current) => wrapIndex(current - 1, count));
    embla?.scrollPrev();
  }, [embla, count]);

  const goTo = (index: number) => {
    setSelected(index);
    embla?.scrollTo(index);
  };

  // Restarts after every move, so a swipe or a dot click gets a full period.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `selected` restarts the timer
  useEffect(() => {
    if (count <= 1 || reducedMotion || paused || autoAdvanceMs <= 0) return;
    const timer = setInterval(next, autoAdvanceMs);
    return () => clearInterval(timer);
  }, [count, reducedMotion, paused, autoAdvanceMs, next, selected]);

  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null) return;
    const step = swipeStep(event.clientX - start, count);
    if (step === 1) next();
    else if (step === -1) previous();
  };

  return (
    <section
      aria-roledescription={t('ui.carousel')}
      aria-label={label}
      className={className}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setPaused(false);
      }}
    >
      <div
        ref={viewportRef}
        className="touch-pan-y overflow-hidden"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <div className="flex">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA carousel pattern: a slide is a group
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides have no identity beyond their position
              key={index}
              role="group"
              aria-roledescription={t('ui.slide')}
              aria-label={t('ui.slideOf', { number: index + 1, count })}
              aria-hidden={index !== selected}
              // Hidden slides are out of the tab order too.
              inert={index !== selected}
              className="min-w-0 shrink-0 grow-0 basis-full px-2"
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <div className="mt-6 flex justify-center gap-1">
          {slides.map((_, index) => (
            <CarouselDot
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide position
              key={index}
              label={t('ui.goToSlide', { number: index + 1 })}
              current={index === selected}
              onSelect={() => goTo(index)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
