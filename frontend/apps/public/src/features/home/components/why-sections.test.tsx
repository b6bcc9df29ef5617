import { json, mockApi } from '@atelier/api-client/test/mock-api';
import { setMatchingMedia } from '@atelier/ui/test/browser-stubs';
import { LARGE_SCREEN_QUERY, MEDIUM_SCREEN_QUERY } from '@atelier/ui/use-media-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOME_DEFAULTS } from '@/lib/home-defaults';
import { renderRoute } from '@/test/render-route';
import { renderWithRouter } from '@/test/render-with-router';
import { COUNT_UP_DURATION_MS, countUpValue } from '../hooks/use-count-up';
import { Statistics } from './statistics';

const FIGURES = HOME_DEFAULTS.sections.find((section) => section.key === 'why-hire')?.figures ?? [];

import { WHY_CHOOSE_US_ROTATE_MS, WhyChooseUsSection } from './why-choose-us-section';

type Callback = (entries: Partial<IntersectionObserverEntry>[]) => void;
const observers: { callback: Callback; threshold: unknown }[] = [];

class FakeIntersectionObserver {
  constructor(callback: Callback, options?: IntersectionObserverInit) {
    observers.push({ callback, threshold: options?.threshold });
  }
  observe() {}
  disconnect() {}
  unobserve() {}
}

describe('Statistics count-up', () => {
  afterEach(() => {
    observers.length = 0;
    vi.useRealTimers();
  });

  it('computes each step as a share of the target', () => {
    expect(countUpValue(250, 0)).toBe(0);
    expect(countUpValue(250, 25)).toBe(125);
    expect(countUpValue(98, 50)).toBe(98);
    expect(countUpValue(98, 60)).toBe(98);
  });

  it('waits until 10 % is visible, then counts up in 2000 ms and 50 steps', () => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    render(<Statistics figures={FIGURES} />);
    const shown = () =>
      within(screen.getByTestId('statistics'))
        .getAllByRole('definition')
        .map((value) => value.querySelector('[aria-hidden]')?.textContent);

    expect(shown()).toEqual(['0%', '0+', '0+', '0+']);
    act(() => vi.advanceTimersByTime(COUNT_UP_DURATION_MS));
    expect(shown()).toEqual(['0%', '0+', '0+', '0+']);

    expect(observers[0]?.threshold).toBe(0.1);
    act(() => observers[0]?.callback([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(40));
    expect(shown()).toEqual(['2%', '5+', '0+', '0+']);
    act(() => vi.advanceTimersByTime(960));
    expect(shown()).toEqual(['49%', '125+', '8+', '4+']);
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toEqual(['98%', '250+', '15+', '8+']);
  });

  it('tells assistive technology the final figures', () => {
    render(<Statistics figures={FIGURES} />);
    expect(screen.getByTestId('statistics')).toHaveTextContent('250+');
    expect(screen.getByText('Client Satisfaction')).toBeInTheDocument();
  });
});

describe('Why Choose Us', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('highlights each of its 6 features in turn', () => {
    vi.useFakeTimers();
    renderWithRouter(<WhyChooseUsSection />);
    const pressed = () =>
      screen.getAllByRole('button').findIndex((b) => b.getAttribute('aria-pressed') === 'true');

    expect(screen.getAllByRole('button')).toHaveLength(6);
    expect(pressed()).toBe(0);
    act(() => vi.advanceTimersByTime(WHY_CHOOSE_US_ROTATE_MS));
    expect(pressed()).toBe(1);
    act(() => vi.advanceTimersByTime(WHY_CHOOSE_US_ROTATE_MS * 5));
    expect(pressed()).toBe(0);
  });

  it('shows the feature a visitor chooses', () => {
    renderWithRouter(<WhyChooseUsSection />);

    fireEvent.click(screen.getByRole('button', { name: 'Ongoing Support' }));

    expect(screen.getByRole('heading', { level: 3, name: 'Ongoing Support' })).toBeInTheDocument();
  });
});

describe('Desktop-only home sections', () => {
  it('shows Why Choose Us and Why Hire Our Company on a desktop', async () => {
    setMatchingMedia(MEDIUM_SCREEN_QUERY, LARGE_SCREEN_QUERY);
    mockApi({ 'GET /api/services/featured': () => json(200, []) });
    renderRoute('/');

    expect(await screen.findByRole('heading', { name: 'Why Choose Us' })).toBeInTheDocument();
    const hire = await screen.findByRole('region', { name: 'Why Hire Our Company' });
    expect(within(hire).getAllByRole('listitem')).toHaveLength(12);
    expect(hire).toHaveTextContent('95% on-time delivery');
    expect(within(hire).getByRole('link', { name: 'Start Your Project' })).toHaveAttribute(
      'href',
      '/discuss-project',
    );
    expect(within(hire).getByRole('link', { name: 'View Our Work' })).toHaveAttribute(
      'href',
      '/portfolio',
    );
  });

  it('leaves them out below 1024 px', async () => {
    mockApi({ 'GET /api/services/featured': () => json(200, []) });
    renderRoute('/');

    await screen.findByText('No services available at the moment.');
    expect(screen.queryByRole('heading', { name: 'Why Choose Us' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Why Hire Our Company' })).toBeNull();
  });
});
