import { describe, expect, it } from 'vitest';
import { clampZoom, wheelZoom, zoomIn, zoomOut, zoomPercent } from './viewer-zoom';

describe('image viewer zoom', () => {
  it('zooms in and out by 0.25', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.75);
  });

  it('stops at 500 % and 25 %', () => {
    expect(zoomIn(5)).toBe(5);
    expect(zoomIn(4.9)).toBe(5);
    expect(zoomOut(0.25)).toBe(0.25);
    expect(zoomOut(0.3)).toBe(0.25);
    expect(clampZoom(12)).toBe(5);
    expect(clampZoom(0)).toBe(0.25);
  });

  it('zooms by 0.1 per wheel notch, in when scrolling up', () => {
    expect(wheelZoom(1, -100)).toBe(1.1);
    expect(wheelZoom(1, 100)).toBe(0.9);
    expect(wheelZoom(1, 0)).toBe(1);
    expect(wheelZoom(4.95, -1)).toBe(5);
  });

  it('reads as a percentage', () => {
    expect(zoomPercent(1.25)).toBe('125%');
    expect(zoomPercent(0.25)).toBe('25%');
  });
});
