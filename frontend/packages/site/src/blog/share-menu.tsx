import { t } from '@atelier/messages/intl';
import { Icon } from '@atelier/ui/icon';
import { faShareNodes } from '@fortawesome/free-solid-svg-icons/faShareNodes';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

/** After copying, 'Link copied!' shows this long, then the menu closes. */
export const LINK_COPIED_MS = 2000;

export interface ShareMenuProps {
  title: string;
  url: string;
}

const shareTargets = (title: string, url: string) => {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { label: 'Twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${t}` },
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
};

/**
 * Share: the device's own share sheet when the browser has one; otherwise a menu with Twitter,
 * Facebook, LinkedIn and Copy link ('Link copied!' for 2 s, then the menu closes).
 */
export function ShareMenu({ title, url }: ShareMenuProps) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => {
      setCopied(false);
      setOpen(false);
    }, LINK_COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const onShare = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch {
        // The visitor closed the share sheet.
      }
      return;
    }
    setOpen((value) => !value);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    }
  };

  const itemClass =
    'block w-full px-4 py-2 text-left text-sm text-gray-800 hover:bg-blue-50 focus-visible:bg-blue-50 focus-visible:outline-none';

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the menu closes it
    <div ref={container} className="relative inline-block" onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        onClick={onShare}
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        className="flex items-center gap-2 rounded-full border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50"
      >
        <Icon icon={faShareNodes} aria-hidden="true" />
        {t('post.share')}
      </button>
      {open && (
        <ul
          id={menuId}
          aria-label={t('post.shareMenu')}
          className="absolute right-0 z-20 mt-2 w-48 overflow-hidden rounded-lg border border-gray-100 bg-white py-1 shadow-xl"
        >
          {shareTargets(title, url).map((target) => (
            <li key={target.label}>
              <a
                href={target.href}
                target="_blank"
                rel="noopener noreferrer"
                className={itemClass}
                onClick={() => setOpen(false)}
              >
                {target.label}
              </a>
            </li>
          ))}
          <li>
            <button type="button" onClick={copy} className={itemClass}>
              {copied ? t('post.linkCopied') : t('post.copyLink')}
            </button>
          </li>
        </ul>
      )}
      <span role="status" className="sr-only">
        {copied ? t('post.linkCopied') : ''}
      </span>
    </div>
  );
}
