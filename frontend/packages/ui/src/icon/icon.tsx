import type { IconDefinition } from '@fortawesome/free-solid-svg-icons';
import { type ComponentPropsWithoutRef, useId } from 'react';

export type { IconDefinition };

export interface IconProps
  extends Omit<ComponentPropsWithoutRef<'svg'>, 'children' | 'viewBox' | 'role'> {
  /** An icon's definition, e.g. `faStar` from `@fortawesome/free-solid-svg-icons`. */
  icon: IconDefinition;
  /** 1.25em wide whatever its shape, the drawing centred, so a column of icons lines up. */
  fixedWidth?: boolean;
  /** Turns the icon round and round (a busy indicator). */
  spin?: boolean;
  /** Makes the icon an image with this name; without it the icon is decorative and hidden. */
  title?: string;
}

/** Font Awesome's inline box: on the text's line, a little below its middle, never clipped. */
const BASE_CLASS = 'inline-block overflow-visible align-[-0.125em]';

/** Width over height, to four places: `0.875` for a 448 × 512 icon. */
const aspect = (width: number, height: number) => Number((width / height).toFixed(4));

/**
 * Draws an icon's definition as an inline `<svg>`: 1em high, as wide as its aspect ratio (1.25em
 * with `fixedWidth`), in the text colour. The size is given by the svg's width and height attributes,
 * which any class wins over, so `className="h-5 w-5"` sizes the icon. A duotone definition's first
 * path is its secondary layer, drawn at 40% opacity.
 */
export function Icon({
  icon,
  fixedWidth = false,
  spin = false,
  title,
  className,
  ...rest
}: IconProps) {
  const titleId = useId();
  const [width, height, , , pathData] = icon.icon;
  const paths = Array.isArray(pathData) ? pathData : [pathData];
  const duotone = paths.length === 2;
  const classes = [BASE_CLASS, spin ? 'animate-spin' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: named by its <title> when given one, else aria-hidden
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={fixedWidth ? '1.25em' : `${aspect(width, height)}em`}
      height="1em"
      fill="currentColor"
      data-prefix={icon.prefix}
      data-icon={icon.iconName}
      className={classes}
      role={title ? 'img' : undefined}
      aria-labelledby={title ? titleId : undefined}
      aria-hidden={title ? undefined : true}
      {...rest}
    >
      {title && <title id={titleId}>{title}</title>}
      {paths.map((d, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a definition's paths never reorder
        <path key={index} d={d} opacity={duotone && index === 0 ? 0.4 : undefined} />
      ))}
    </svg>
  );
}
