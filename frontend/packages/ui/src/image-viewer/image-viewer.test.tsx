import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setMatchingMedia } from '../test/browser-stubs';
import { ImageViewer, TOUCH_QUERY } from './image-viewer';

const IMAGES = [
  { src: '/one.svg', alt: 'First picture' },
  { src: '/two.svg', alt: 'Second picture' },
  { src: '/three.svg', alt: 'Third picture' },
];

const dialog = () => screen.getByRole('dialog', { name: 'Image viewer' });
const press = (key: string, init: Partial<KeyboardEventInit> = {}) =>
  fireEvent.keyDown(document.activeElement ?? dialog(), { key, ...init });
const shownImage = () => screen.getByRole('img').getAttribute('alt');
const zoomText = () => screen.getByTestId('viewer-zoom').textContent;
const stage = () => screen.getByTestId('viewer-stage');

const renderViewer = (props: Partial<Parameters<typeof ImageViewer>[0]> = {}) => {
  const onClose = vi.fn();
  render(<ImageViewer images={IMAGES} onClose={onClose} {...props} />);
  return { onClose };
};

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && <ImageViewer images={IMAGES} onClose={() => setOpen(false)} />}
    </>
  );
}

describe('ImageViewer', () => {
  it('is a labelled modal dialog that takes the focus on its close button', () => {
    renderViewer();

    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Close image viewer' })).toHaveFocus();
  });

  it('closes on Escape and on its close button', () => {
    const { onClose } = renderViewer();

    press('Escape');
    fireEvent.click(screen.getByRole('button', { name: 'Close image viewer' }));

    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('moves with the arrow keys, wrapping at both ends, and shows a counter', () => {
    renderViewer();
    expect(screen.getByTestId('viewer-counter')).toHaveTextContent('1 / 3');

    press('ArrowLeft');
    expect(shownImage()).toBe('Third picture');
    expect(screen.getByTestId('viewer-counter')).toHaveTextContent('3 / 3');

    press('ArrowRight');
    expect(shownImage()).toBe('First picture');
    press('ArrowRight');
    expect(shownImage()).toBe('Second picture');
  });

  it('offers previous and next buttons only when there is more than one image', () => {
    renderViewer({ images: [IMAGES[0] as (typeof IMAGES)[0]] });

    expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull();
    expect(screen.queryByTestId('viewer-counter')).toBeNull();
    press('ArrowRight');
    expect(shownImage()).toBe('First picture');
  });

  it('starts at the image it was opened on', () => {
    renderViewer({ startIndex: 1 });

    expect(shownImage()).toBe('Second picture');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shownImage()).toBe('Third picture');
  });

  it('zooms in with + or = by 25 % up to 500 %, out with - down to 25 %, and 0 resets', () => {
    renderViewer();
    expect(zoomText()).toBe('100%');

    press('+');
    expect(zoomText()).toBe('125%');
    press('=');
    expect(zoomText()).toBe('150%');
    for (let i = 0; i < 30; i += 1) press('+');
    expect(zoomText()).toBe('500%');

    press('0');
    expect(zoomText()).toBe('100%');
    for (let i = 0; i < 30; i += 1) press('-');
    expect(zoomText()).toBe('25%');
  });

  it('zooms by 10 % with Ctrl or Meta and the wheel, and ignores a plain wheel', () => {
    renderViewer();

    fireEvent.wheel(stage(), { deltaY: -100, ctrlKey: true });
    expect(zoomText()).toBe('110%');
    fireEvent.wheel(stage(), { deltaY: 100, metaKey: true });
    fireEvent.wheel(stage(), { deltaY: 100, metaKey: true });
    expect(zoomText()).toBe('90%');
    fireEvent.wheel(stage(), { deltaY: -100 });
    expect(zoomText()).toBe('90%');
  });

  it('pans a zoomed image by dragging', () => {
    renderViewer();
    press('+');

    fireEvent.pointerDown(stage(), { pointerId: 1, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(stage(), { pointerId: 1, clientX: 140, clientY: 70 });
    fireEvent.pointerUp(stage(), { pointerId: 1, clientX: 140, clientY: 70 });

    expect(screen.getByRole('img').style.transform).toBe('translate(40px, -30px) scale(1.25)');
    press('0');
    expect(screen.getByRole('img').style.transform).toBe('translate(0px, 0px) scale(1)');
  });

  it('does not pan an image at 100 %, where a long drag changes the image instead', () => {
    renderViewer();

    fireEvent.pointerDown(stage(), { pointerId: 1, clientX: 300, clientY: 100 });
    fireEvent.pointerMove(stage(), { pointerId: 1, clientX: 200, clientY: 100 });
    fireEvent.pointerUp(stage(), { pointerId: 1, clientX: 200, clientY: 100 });

    expect(screen.getByRole('img').style.transform).toBe('translate(0px, 0px) scale(1)');
    expect(shownImage()).toBe('Second picture');
  });

  it('toggles the glass lens with L on a device with a mouse', () => {
    renderViewer();

    press('L');
    expect(dialog()).toHaveTextContent('Lens on');
    fireEvent.pointerMove(stage(), { clientX: 50, clientY: 50 });
    expect(screen.getByTestId('viewer-lens')).toBeInTheDocument();

    press('l');
    expect(dialog()).not.toHaveTextContent('Lens on');
    expect(screen.queryByTestId('viewer-lens')).toBeNull();
  });

  it('offers no lens but pinch, swipe and tap hints on a touch device', () => {
    setMatchingMedia(TOUCH_QUERY);
    renderViewer();

    press('L');

    expect(dialog()).not.toHaveTextContent('Lens on');
    expect(dialog()).toHaveTextContent('Pinch to zoom');
    expect(dialog()).toHaveTextContent('Swipe to change image');
    expect(dialog()).toHaveTextContent('Tap to close');
  });

  it('keeps the keyboard focus inside while open and gives it back on close', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);

    const first = screen.getByRole('button', { name: 'Zoom out' });
    screen.getByRole('button', { name: 'Next image' }).focus();
    press('Tab');
    expect(first).toHaveFocus();
    press('Tab', { shiftKey: true });
    expect(screen.getByRole('button', { name: 'Next image' })).toHaveFocus();

    press('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });
});
