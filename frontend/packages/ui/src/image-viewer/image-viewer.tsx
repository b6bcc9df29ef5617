import { t } from '@atelier/messages/intl';
import { type KeyboardEvent, type PointerEvent, useCallback, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { swipeStep, wrapIndex } from '../carousel/carousel-math';
import { useMediaQuery } from '../hooks/use-media-query';
import { keepFocusInside } from './focus-trap';
import { useDialogFocus } from './use-dialog-focus';
import { useWheelZoom } from './use-wheel-zoom';
import { ViewerButton } from './viewer-button';
import { distance, type Gesture, type Point } from './viewer-gesture';
import { lensStyle } from './viewer-lens';
import type { ImageViewerProps } from './viewer-types';
import { clampZoom, WHEEL_ZOOM_STEP, ZOOM_RESET, zoomIn, zoomOut } from './viewer-zoom';

export type { ImageViewerProps, ViewerImage } from './viewer-types';

/** Devices whose main pointer is a finger: no lens, touch hints instead. */
export const TOUCH_QUERY = '(pointer: coarse)';

/**
 * The full-screen image viewer (public-site.md §2): Escape closes; left/right arrows move with
 * wrap-around; + or = zooms in by 0.25 up to 500 %, - zooms out to 25 %, 0 resets to 100 %;
 * L toggles a glass lens (not on touch devices); Ctrl/Meta + wheel zooms by 0.1; dragging pans
 * a zoomed image; on touch, pinch zooms, a swipe changes image and a tap outside closes.
 * Focus stays inside while it is open and returns where it was when it closes.
 */
export function ImageViewer({ images, startIndex = 0, onClose, label }: ImageViewerProps) {
  const count = images.length;
  const [index, setIndex] = useState(() => wrapIndex(startIndex, count));
  const [zoom, setZoom] = useState(ZOOM_RESET);
  const [pan, setPan] = useState<Point>({ x: 0, y: 0 });
  const [lensOn, setLensOn] = useState(false);
  const [lens, setLens] = useState<Point | null>(null);
  const isTouch = useMediaQuery(TOUCH_QUERY);
  const dialog = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const image = images[index];

  const resetView = useCallback(() => {
    setZoom(ZOOM_RESET);
    setPan({ x: 0, y: 0 });
  }, []);

  const applyZoom = useCallback((next: number) => {
    setZoom(next);
    if (next <= ZOOM_RESET) setPan({ x: 0, y: 0 });
  }, []);

  const move = useCallback(
    (step: number) => {
      if (count <= 1) return;
      setIndex((current) => wrapIndex(current + step, count));
      resetView();
    },
    [count, resetView],
  );

  useDialogFocus(closeButton);
  useWheelZoom(stage, setZoom, () => setPan({ x: 0, y: 0 }));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        onCloseRef.current();
        return;
      case 'ArrowLeft':
        event.preventDefault();
        move(-1);
        return;
      case 'ArrowRight':
        event.preventDefault();
        move(1);
        return;
      case '+':
      case '=':
        event.preventDefault();
        applyZoom(zoomIn(zoom));
        return;
      case '-':
        event.preventDefault();
        applyZoom(zoomOut(zoom));
        return;
      case '0':
        event.preventDefault();
        resetView();
        return;
      case 'l':
      case 'L':
        if (isTouch) return;
        event.preventDefault();
        setLensOn((on) => !on);
        setLens(null);
        return;
      case 'Tab':
        // Keep focus inside the dialog.
        keepFocusInside(event, dialog.current);
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const [a, b] = [...pointers.current.values()];
    gesture.current = { start: point, pan, pinch: a && b ? distance(a, b) : 0, zoom };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (lensOn && !isTouch) {
      const box = event.currentTarget.getBoundingClientRect();
      setLens({ x: event.clientX - box.left, y: event.clientY - box.top });
    }
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const [a, b] = [...pointers.current.values()];
    if (a && b && gesture.current.pinch > 0) {
      applyZoom(clampZoom((gesture.current.zoom * distance(a, b)) / gesture.current.pinch));
      return;
    }
    if (zoom > ZOOM_RESET) {
      const { start, pan: origin } = gesture.current;
      setPan({ x: origin.x + event.clientX - start.x, y: origin.y + event.clientY - start.y });
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = gesture.current?.start;
    const wasPinch = (gesture.current?.pinch ?? 0) > 0 || pointers.current.size > 1;
    pointers.current.delete(event.pointerId);
    if (pointers.current.size > 0) return;
    gesture.current = null;
    if (!start || wasPinch || zoom > ZOOM_RESET) return;
    const dx = event.clientX - start.x;
    const step = swipeStep(dx, count);
    if (step !== 0) move(step);
    else if (isTouch && Math.abs(dx) < 10 && event.target === event.currentTarget) onClose();
  };

  if (!image) return null;
  const many = count > 1;

  return createPortal(
    <div
      ref={dialog}
      role="dialog"
      aria-modal="true"
      aria-label={label ? t('ui.imageViewerOf', { label }) : t('ui.imageViewer')}
      // Clicking or dragging the picture keeps the focus (and so the keys) in the viewer.
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className="fixed inset-0 z-[100] flex flex-col bg-black/95 text-white focus:outline-none"
    >
      <div className="flex items-center justify-between gap-2 p-3">
        <p aria-live="polite" className="text-sm text-gray-200">
          {many && (
            <span data-testid="viewer-counter">
              {index + 1} / {count}
            </span>
          )}
          <span className="ml-3" data-testid="viewer-zoom">
            {t('ui.zoom', { percent: zoom })}
          </span>
          {lensOn && <span className="ml-3">{t('ui.lensOn')}</span>}
        </p>
        <div className="flex items-center gap-2">
          <ViewerButton onClick={() => applyZoom(zoomOut(zoom))} aria-label={t('ui.zoomOut')}>
            −
          </ViewerButton>
          <ViewerButton onClick={() => applyZoom(zoomIn(zoom))} aria-label={t('ui.zoomIn')}>
            +
          </ViewerButton>
          <ViewerButton onClick={resetView}>{t('ui.resetZoom')}</ViewerButton>
          <ViewerButton ref={closeButton} onClick={onClose} aria-label={t('ui.closeViewer')}>
            ✕
          </ViewerButton>
        </div>
      </div>

      <div
        ref={stage}
        data-testid="viewer-stage"
        className={`relative flex flex-1 touch-none items-center justify-center overflow-hidden select-none ${
          zoom > ZOOM_RESET ? 'cursor-grab' : ''
        }`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={(event) => {
          pointers.current.delete(event.pointerId);
          gesture.current = null;
        }}
        onPointerLeave={() => setLens(null)}
      >
        <img
          src={image.src}
          alt={image.alt}
          draggable={false}
          className="pointer-events-none max-h-full max-w-full object-contain transition-transform duration-100"
          style={{ transform: `translate(${pan.x}px, ${pan.y}px) scale(${zoom})` }}
        />
        {lensOn && lens && (
          <div
            data-testid="viewer-lens"
            aria-hidden="true"
            className="pointer-events-none absolute rounded-full border-2 border-white/80 shadow-2xl"
            style={lensStyle(image.src, lens, zoom, stage.current)}
          />
        )}
        {many && (
          <>
            <ViewerButton
              aria-label={t('ui.previousImage')}
              onClick={() => move(-1)}
              onPointerDown={(event) => event.stopPropagation()}
              place="absolute top-1/2 left-3 -translate-y-1/2"
            >
              ‹
            </ViewerButton>
            <ViewerButton
              aria-label={t('ui.nextImage')}
              onClick={() => move(1)}
              onPointerDown={(event) => event.stopPropagation()}
              place="absolute top-1/2 right-3 -translate-y-1/2"
            >
              ›
            </ViewerButton>
          </>
        )}
      </div>

      <p className="p-3 text-center text-xs text-gray-300">
        {isTouch ? t('ui.viewerTouchHelp') : t('ui.viewerKeysHelp', { step: WHEEL_ZOOM_STEP })}
      </p>
    </div>,
    document.body,
  );
}
