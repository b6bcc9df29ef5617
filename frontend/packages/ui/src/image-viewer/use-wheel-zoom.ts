//! Ctrl/Meta + wheel zooms the image viewer's stage.
import { type RefObject, useEffect } from 'react';
import { wheelZoom, ZOOM_RESET } from './viewer-zoom';

/**
 * Ctrl/Meta + wheel over `stage` zooms by one step; back at 100 % or below, the pan resets. The
 * listener is not passive so the browser's own zoom is prevented.
 */
export const useWheelZoom = (
  stage: RefObject<HTMLElement | null>,
  setZoom: (update: (current: number) => number) => void,
  resetPan: () => void,
) => {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stage is there from the first render
  useEffect(() => {
    const element = stage.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      setZoom((current) => {
        const next = wheelZoom(current, event.deltaY);
        if (next <= ZOOM_RESET) resetPan();
        return next;
      });
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);
};
