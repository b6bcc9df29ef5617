import { Icon } from '@atelier/ui/icon';
import { faEnvelope } from '@fortawesome/free-solid-svg-icons/faEnvelope';
import { faLocationDot } from '@fortawesome/free-solid-svg-icons/faLocationDot';
import { faPhone } from '@fortawesome/free-solid-svg-icons/faPhone';
import { telHref } from '@/lib/contact';

export interface ContactDetailsListProps {
  email?: string | null | undefined;
  phone?: string | null | undefined;
  /** Lines of the postal address. */
  address?: readonly string[];
  linkClassName?: string;
  iconClassName?: string;
  className?: string;
}

/** Email (mailto), phone (tel) and address, each only when present. */
export function ContactDetailsList({
  email,
  phone,
  address = [],
  linkClassName = 'text-blue-700 hover:underline',
  iconClassName = 'text-blue-600',
  className = 'space-y-3',
}: ContactDetailsListProps) {
  const lines = address.filter((line) => line.trim() !== '');
  return (
    <ul className={className}>
      {email && (
        <li className="flex items-start gap-3">
          <Icon
            icon={faEnvelope}
            fixedWidth
            className={`mt-1 ${iconClassName}`}
            aria-hidden="true"
          />
          <a href={`mailto:${email}`} className={linkClassName}>
            {email}
          </a>
        </li>
      )}
      {phone && (
        <li className="flex items-start gap-3">
          <Icon icon={faPhone} fixedWidth className={`mt-1 ${iconClassName}`} aria-hidden="true" />
          <a href={telHref(phone)} className={linkClassName}>
            {phone}
          </a>
        </li>
      )}
      {lines.length > 0 && (
        <li className="flex items-start gap-3">
          <Icon
            icon={faLocationDot}
            fixedWidth
            className={`mt-1 ${iconClassName}`}
            aria-hidden="true"
          />
          <address className="not-italic">
            {lines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </li>
      )}
    </ul>
  );
}
