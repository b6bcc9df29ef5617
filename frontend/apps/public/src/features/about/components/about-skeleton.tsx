import { t } from '@atelier/messages/intl';
import { LoadingPlaceholder, Skeleton } from '@atelier/ui/skeleton';

/** Holds the about section's space while its text loads. */
export function AboutSkeleton() {
  return (
    <LoadingPlaceholder
      label={t('about.loading')}
      className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8"
    >
      <Skeleton className="mx-auto h-10 w-64" />
      <Skeleton className="mx-auto mt-4 h-5 w-96 max-w-full" />
      <Skeleton className="mx-auto mt-10 h-24 max-w-4xl" />
      <div className="mt-12 grid gap-8 md:grid-cols-2">
        <Skeleton className="h-40 rounded-2xl" />
        <Skeleton className="h-40 rounded-2xl" />
      </div>
      <Skeleton className="mt-12 h-56 rounded-2xl" />
      <Skeleton className="mx-auto mt-12 h-28 w-96 max-w-full" />
    </LoadingPlaceholder>
  );
}
