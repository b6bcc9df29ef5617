import { t } from '@atelier/messages/intl';
import { Icon } from '@atelier/ui/icon';
import { faEnvelope } from '@fortawesome/free-solid-svg-icons/faEnvelope';
import { useEffect, useRef, useState } from 'react';
import { NewsletterForm } from './newsletter-form';

/** The header's newsletter button and the box it opens; a click outside closes the box. */
export function NewsletterBox() {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={container} className="relative">
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:text-blue-600"
      >
        <Icon icon={faEnvelope} aria-hidden="true" />
        {t('newsletter.button')}
      </button>
      {open && (
        <div
          role="dialog"
          aria-label={t('newsletter.dialog')}
          className="absolute right-0 z-50 mt-2 w-72 rounded-lg border border-gray-100 bg-white p-4 shadow-xl"
        >
          <NewsletterForm onDone={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
