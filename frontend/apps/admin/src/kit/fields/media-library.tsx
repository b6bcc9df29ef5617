import { type MediaItem, type MediaUploadResult, useListMedia } from '@atelier/api-client/api';
import { ApiError } from '@atelier/api-client/http';
import { uploadForm } from '@atelier/api-client/upload';
import { inputClass } from '@atelier/ui/form-field';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { invalidatePrefixes } from '../invalidate';
import { useAllowed } from '../permissions';

/**
 * The media library's images to choose from, searchable, with an upload of a new image that is
 * chosen once it is in the library. Shared by every image field (`MediaPickerField`) and the
 * editor's image dialog, so both offer the same library the same way.
 */
export function MediaLibrary({
  onChoose,
  enabled = true,
}: {
  /** The image chosen (or just uploaded), with its relative address (`/media/…`) and alt text. */
  onChoose: (item: MediaItem) => void;
  /** Ask the library only while the chooser is shown. */
  enabled?: boolean;
}) {
  const queryClient = useQueryClient();
  const fileId = useId();
  const file = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState('');
  const mayUpload = useAllowed('uploadMedia');
  const [upload, setUpload] = useState<{ busy: boolean; error: string }>({
    busy: false,
    error: '',
  });
  const images = useListMedia(
    { kind: 'image', limit: 48, ...(search.trim() ? { search: search.trim() } : {}) },
    { query: { enabled } },
  );
  const items = images.data?.media ?? [];

  const send = async (chosen: File | undefined) => {
    if (!chosen) return;
    setUpload({ busy: true, error: '' });
    const form = new FormData();
    form.append('files', chosen, chosen.name);
    try {
      const result = await uploadForm<MediaUploadResult>('/media', form);
      const item = result.items[0]?.media;
      void invalidatePrefixes(queryClient, ['/media']);
      setUpload({ busy: false, error: '' });
      if (item) onChoose(item);
    } catch (error) {
      setUpload({
        busy: false,
        error: error instanceof ApiError ? error.message : 'The upload failed. Please try again.',
      });
    } finally {
      if (file.current) file.current.value = '';
    }
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          type="search"
          aria-label="Search images"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Title, alt text, tag…"
          className={`${inputClass} sm:flex-1`}
        />
        {mayUpload && (
          <label
            htmlFor={fileId}
            className={`inline-flex cursor-pointer items-center justify-center rounded-lg border border-blue-600 bg-blue-600 px-3 py-2 text-sm font-semibold text-white hover:bg-blue-700 focus-within:ring-2 focus-within:ring-blue-500/40 ${
              upload.busy ? 'cursor-wait opacity-60' : ''
            }`}
          >
            {upload.busy ? 'Uploading…' : 'Upload an image'}
            <input
              ref={file}
              id={fileId}
              type="file"
              accept="image/*"
              disabled={upload.busy}
              onChange={(event) => void send(event.target.files?.[0])}
              className="sr-only"
            />
          </label>
        )}
      </div>
      {upload.error && (
        <p role="alert" className="text-sm text-red-600">
          {upload.error}
        </p>
      )}
      {images.isPending ? (
        <p className="text-sm text-gray-600">Loading images…</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-gray-600">No media found</p>
      ) : (
        <ul className="grid max-h-[50vh] grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-3">
          {items.map((item) => (
            <li key={item._id}>
              <button
                type="button"
                aria-label={`Choose ${item.title}`}
                onClick={() => onChoose(item)}
                className="block w-full overflow-hidden rounded-lg border border-gray-200 text-left hover:border-blue-500 focus:border-blue-500 focus:ring-2 focus:ring-blue-500/30 focus:outline-none"
              >
                <img
                  src={item.variants[0]?.url ?? item.url}
                  alt=""
                  loading="lazy"
                  className="aspect-[4/3] w-full bg-gray-100 object-cover"
                />
                <span className="block truncate p-1.5 text-xs text-gray-800">{item.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
