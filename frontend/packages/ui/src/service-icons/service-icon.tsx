import { Icon } from '../icon/icon';
import { serviceIconStyle } from './service-icons';

export interface ServiceIconProps {
  /** A service's `icon` value, e.g. `faLaptopCode`. */
  name: string | null | undefined;
  className?: string;
}

/** A service's icon in its colour on a tinted circle. */
export function ServiceIcon({ name, className = '' }: ServiceIconProps) {
  const style = serviceIconStyle(name);
  return (
    <span
      data-testid="service-icon"
      data-icon={style.icon.iconName}
      data-icon-color={style.color}
      className={`inline-flex h-14 w-14 items-center justify-center rounded-full text-2xl ${style.backgroundClass} ${style.textClass} ${className}`}
    >
      <Icon icon={style.icon} aria-hidden="true" />
    </span>
  );
}
