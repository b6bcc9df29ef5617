export interface BrandMarkProps {
  /** Classes for the name beside the mark, e.g. to hide it in a collapsed sidebar. */
  nameClassName?: string;
}

/** The Atelier mark and name, drawn inline so the back office needs no extra request. */
export function BrandMark({ nameClassName = '' }: BrandMarkProps) {
  return (
    <span className="flex items-center gap-2">
      <svg
        viewBox="0 0 32 32"
        width={32}
        height={32}
        className="h-8 w-8 shrink-0"
        aria-hidden="true"
        data-testid="brand-logo"
      >
        <rect width="32" height="32" rx="8" fill="#2563eb" />
        <path
          d="M16 6 7 26h4.2l1.8-4.4h6l1.8 4.4H25L16 6Zm-1.7 12.2L16 13.8l1.7 4.4h-3.4Z"
          fill="#fff"
        />
      </svg>
      <span className={`text-lg font-bold text-gray-900 ${nameClassName}`}>Atelier</span>
    </span>
  );
}
