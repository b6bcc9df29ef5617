//! The geometry of the image viewer's pointer gestures.

export interface Point {
  x: number;
  y: number;
}

/** A gesture as it started: where, the pan and zoom then, and the fingers' spread (0 for one). */
export interface Gesture {
  start: Point;
  pan: Point;
  pinch: number;
  zoom: number;
}

/** How far apart two pointers are, in px. */
export const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
