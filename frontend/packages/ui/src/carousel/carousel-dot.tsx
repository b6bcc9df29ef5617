/** One dot of a carousel's position indicator: a 24 px target around a small dot, the current one wide. */
export function CarouselDot({
  label,
  current,
  onSelect,
}: {
  label: string;
  current: boolean;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-current={current}
      onClick={onSelect}
      className="group flex h-6 min-w-6 items-center justify-center rounded-full"
    >
      <span
        aria-hidden="true"
        className={`block h-2.5 rounded-full transition-all ${
          current ? 'w-6 bg-blue-600' : 'w-2.5 bg-gray-300 group-hover:bg-gray-400'
        }`}
      />
    </button>
  );
}
