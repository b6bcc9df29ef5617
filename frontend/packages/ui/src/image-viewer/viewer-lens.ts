//! The image viewer's glass lens: the picture magnified around the pointer.
import type { CSSProperties } from 'react';
import type { Point } from './viewer-gesture';

const LENS_SIZE_PX = 180;
const LENS_MAGNIFICATION = 2;

/**
 * The lens's look at `at` (the pointer, relative to `stage`): a circle centred on it showing `src`
 * at twice the zoom, the part under the pointer in its middle.
 */
export const lensStyle = (
  src: string,
  at: Point,
  zoom: number,
  stage: Pick<HTMLElement, 'clientWidth' | 'clientHeight'> | null,
): CSSProperties => ({
  width: LENS_SIZE_PX,
  height: LENS_SIZE_PX,
  left: at.x - LENS_SIZE_PX / 2,
  top: at.y - LENS_SIZE_PX / 2,
  backgroundImage: `url("${src}")`,
  backgroundRepeat: 'no-repeat',
  backgroundSize: `${LENS_MAGNIFICATION * 100 * zoom}%`,
  backgroundPosition: `${(at.x / (stage?.clientWidth || 1)) * 100}% ${
    (at.y / (stage?.clientHeight || 1)) * 100
  }%`,
});
