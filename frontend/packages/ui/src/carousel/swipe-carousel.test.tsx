import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REDUCED_MOTION_QUERY } from '../hooks/use-media-query';
import { setMatchingMedia } from '../test/browser-stubs';
import { SwipeCarousel } from './swipe-carousel';

const slides = ['First', 'Second', 'Third'].map((text) => <p key={text}>{text}</p>);

const currentSlide = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .findIndex((slide) => slide.getAttribute('aria-hidden') === 'false');

const swipe = (distance: number) => {
  const viewport = screen.getByRole('region', { name: 'Examples' }).firstElementChild;
  if (!viewport) throw new Error('no viewport');
  fireEvent.pointerDown(viewport, { clientX: 200 });
  fireEvent.pointerUp(viewport, { clientX: 200 + distance });
};

describe('SwipeCarousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts on the first slide with one dot per slide', () => {
    render(<SwipeCarousel label="Examples" slides={slides} />);

    expect(currentSlide()).toBe(0);
    const groups = screen.getAllByRole('group', { hidden: true });
    expect(groups.map((group) => group.hasAttribute('inert'))).toEqual([false, true, true]);
    expect(screen.getAllByRole('button', { name: /Go to slide/ })).toHaveLength(3);
  });

  it('moves to the next slide on a leftward swipe longer than 50 px', () => {
    render(<SwipeCarousel label="Examples" slides={slides} />);

    swipe(-51);

    expect(currentSlide()).toBe(1);
  });

  it('ignores a swipe of 50 px or less', () => {
    render(<SwipeCarousel label="Examples" slides={slides} />);

    swipe(-50);
    swipe(50);

    expect(currentSlide()).toBe(0);
  });

  it('wraps from the first slide to the last on a rightward swipe', () => {
    render(<SwipeCarousel label="Examples" slides={slides} />);

    swipe(80);

    expect(currentSlide()).toBe(2);
  });

  it('chooses a slide by its dot', () => {
    render(<SwipeCarousel label="Examples" slides={slides} />);

    fireEvent.click(screen.getByRole('button', { name: 'Go to slide 3' }));

    expect(currentSlide()).toBe(2);
  });

  it('advances every 5 seconds and wraps after the last slide', () => {
    render(<SwipeCarousel label="Examples" slides={slides} />);

    act(() => vi.advanceTimersByTime(4999));
    expect(currentSlide()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(currentSlide()).toBe(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(currentSlide()).toBe(0);
  });

  it('does not auto-advance when the visitor prefers reduced motion', () => {
    setMatchingMedia(REDUCED_MOTION_QUERY);
    render(<SwipeCarousel label="Examples" slides={slides} />);

    act(() => vi.advanceTimersByTime(20_000));

    expect(currentSlide()).toBe(0);
  });

  it('neither swipes, advances nor shows dots with a single slide', () => {
    render(<SwipeCarousel label="Examples" slides={[<p key="only">Only</p>]} />);

    swipe(-100);
    act(() => vi.advanceTimersByTime(20_000));

    expect(currentSlide()).toBe(0);
    expect(screen.queryByRole('button', { name: /Go to slide/ })).toBeNull();
  });
});
