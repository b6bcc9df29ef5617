import { describe, expect, it } from 'vitest';
import { lensStyle } from './viewer-lens';

const stage = { clientWidth: 800, clientHeight: 400 };

describe('lensStyle', () => {
  it('centres a 180 px circle on the pointer', () => {
    const style = lensStyle('/a.png', { x: 200, y: 100 }, 1, stage);
    expect(style).toMatchObject({ width: 180, height: 180, left: 110, top: 10 });
    expect(style.backgroundImage).toBe('url("/a.png")');
    expect(style.backgroundRepeat).toBe('no-repeat');
  });

  it('magnifies twice the zoom', () => {
    expect(lensStyle('/a.png', { x: 0, y: 0 }, 1, stage).backgroundSize).toBe('200%');
    expect(lensStyle('/a.png', { x: 0, y: 0 }, 1.5, stage).backgroundSize).toBe('300%');
  });

  it('shows the part of the picture under the pointer, as a share of the stage', () => {
    expect(lensStyle('/a.png', { x: 200, y: 100 }, 1, stage).backgroundPosition).toBe('25% 25%');
    expect(lensStyle('/a.png', { x: 800, y: 400 }, 1, stage).backgroundPosition).toBe('100% 100%');
  });

  it('takes a stage of no size, or none yet, as 1 px, never dividing by zero', () => {
    expect(lensStyle('/a.png', { x: 2, y: 3 }, 1, null).backgroundPosition).toBe('200% 300%');
    expect(
      lensStyle('/a.png', { x: 2, y: 3 }, 1, { clientWidth: 0, clientHeight: 0 })
        .backgroundPosition,
    ).toBe('200% 300%');
  });
});
