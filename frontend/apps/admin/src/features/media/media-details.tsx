import { type MediaItem, useDeleteMedia } from '@atelier/api-client/api';
import { ConfirmDialog } from '@atelier/ui/confirm-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { serverMessageOr } from '@/kit/errors';
import { useBanners } from '@/kit/feedback/banners';
import { invalidatePrefixes } from '@/kit/invalidate';
import { useCan } from '@/kit/permissions';
import { shortDateTime } from '@/kit/values';
import { MediaEditForm } from './media-edit-form';
import { MediaLink } from './media-link';
import { MediaPreview } from './media-preview';
import { dimensions, fileSize } from './media-values';
import { useMediaEdit } from './use-media-edit';

export const DELETE_QUESTION = 'Are you sure you want to delete this media item?';

/** What the details panel shows of an item: its preview and facts, its editable fields, delete. */
export function MediaDetails({ item, onClose }: { item: MediaItem; onClose: () => void }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const banners = useBanners();
  const client = useQueryClient();
  // Another item opened in the same panel: the focus on its name.
  const edit = useMediaEdit(item, () => heading.current?.focus());
  const remove = useDeleteMedia();
  const can = useCan();
  const mayUpdate = can('updateMedia', item);
  const mayDelete = can('deleteMedia', item);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState('');

  const confirmDelete = async () => {
    setDeleteError('');
    try {
      await remove.mutateAsync({ id: item._id });
      setConfirming(false);
      await invalidatePrefixes(client, ['/media']);
      banners.success('Media item deleted successfully!');
      onClose();
    } catch (error) {
      // A 409 says where the item is still shown.
      setDeleteError(serverMessageOr(error, 'Failed to delete media item'));
    }
  };

  const facts: [string, string][] = [
    ['File name', item.fileName || '—'],
    ['Type', item.mimeType],
    ['Size', fileSize(item.size)],
    ['Dimensions', dimensions(item)],
    ['Uploaded', shortDateTime(item.createdAt)],
  ];

  return (
    <aside aria-labelledby={headingId} className="space-y-4">
      <div className="flex items-start justify-between gap-3">
        <h2
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="min-w-0 break-words text-lg font-semibold text-gray-900 focus:outline-none"
        >
          {item.title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close details"
          className="-m-1 rounded-md p-1 text-2xl leading-none text-gray-500 hover:bg-gray-100 hover:text-gray-800"
        >
          ×
        </button>
      </div>

      <MediaPreview item={item} />

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-gray-600">{term}</dt>
            <dd className="min-w-0 break-words text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>

      {/* Keyed by the item: another item starts with no "Link copied". */}
      <MediaLink key={item._id} id={`${headingId}-url`} url={item.url} />

      {(mayUpdate || mayDelete) && (
        <MediaEditForm
          edit={edit}
          mayUpdate={mayUpdate}
          mayDelete={mayDelete}
          onDelete={() => {
            setDeleteError('');
            setConfirming(true);
          }}
        />
      )}

      <ConfirmDialog
        open={confirming}
        title="Delete Media Item"
        message={DELETE_QUESTION}
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </aside>
  );
}
