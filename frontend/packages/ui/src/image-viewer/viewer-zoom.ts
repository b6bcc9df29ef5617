/** Zoom limits and steps of the image viewer (public-site.md §2, §9). */
export const ZOOM_MIN = 0.25;
export const ZOOM_MAX = 5;
export const ZOOM_STEP = 0.25;
export const WHEEL_ZOOM_STEP = 0.1;
export const ZOOM_RESET = 1;

/** `zoom` kept within 25 %..500 %, rounded to avoid floating-point drift. */
export const clampZoom = (zoom: number): number =>
  Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(zoom * 100) / 100));

export const zoomIn = (zoom: number) => clampZoom(zoom + ZOOM_STEP);
export const zoomOut = (zoom: number) => clampZoom(zoom - ZOOM_STEP);

/** Ctrl/Meta + wheel: up (negative deltaY) zooms in by 0.1, down zooms out by 0.1. */
export const wheelZoom = (zoom: number, deltaY: number) =>
  deltaY === 0 ? zoom : clampZoom(zoom + (deltaY < 0 ? WHEEL_ZOOM_STEP : -WHEEL_ZOOM_STEP));

/** '125%' for 1.25. */
export const zoomPercent = (zoom: number) => `${Math.round(zoom * 100)}%`;
