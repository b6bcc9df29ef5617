//! A button on the image viewer's dark backdrop.
import type { ComponentProps } from 'react';

const LOOK =
  'rounded-full bg-white/10 px-3 py-2 text-sm font-semibold text-white hover:bg-white/25 focus-visible:outline focus-visible:outline-2 focus-visible:outline-white';

/** `place` positions the button (its classes come before the look's). */
export function ViewerButton({
  place,
  ...props
}: Omit<ComponentProps<'button'>, 'type' | 'className'> & { place?: string }) {
  return <button type="button" className={place ? `${place} ${LOOK}` : LOOK} {...props} />;
}
