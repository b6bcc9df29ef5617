import { Skeleton } from '@atelier/ui/skeleton';

/** Holds a screen's place while its code arrives. */
export function ScreenSkeleton({ title }: { title: string }) {
  return (
    <div role="status" aria-label={`Loading ${title}`} className="mx-auto max-w-6xl space-y-5">
      <span className="sr-only">Loading {title}…</span>
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-10 w-full" />
      <div className="space-y-3 rounded-xl border border-gray-200 bg-white p-4">
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} className="h-9 w-full" />
        ))}
      </div>
    </div>
  );
}
