import type { MediaUploadResult } from '@atelier/api-client/api';
import { ApiError } from '@atelier/api-client/http';
import { uploadForm } from '@atelier/api-client/upload';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { invalidatePrefixes } from '@/kit/invalidate';
import { fileSize } from './media-values';

/** How many files go up at once; the others wait their turn. */
const PARALLEL_UPLOADS = 2;

export interface UploadEntry {
  id: number;
  name: string;
  size: number;
  /** 0 to 1. */
  progress: number;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  /** Why it failed, or 'Already in the library'. */
  message?: string;
}

/**
 * The upload queue: every file is its own request (so each has its progress and its own error),
 * at most two at a time. A finished upload refreshes the library's lists and tags.
 */
export const useUploads = () => {
  const client = useQueryClient();
  const [entries, setEntries] = useState<readonly UploadEntry[]>([]);
  const nextId = useRef(0);
  const waiting = useRef<{ id: number; file: File }[]>([]);
  const running = useRef(0);

  const patch = useCallback((id: number, change: Partial<UploadEntry>) => {
    setEntries((current) =>
      current.map((entry) => (entry.id === id ? { ...entry, ...change } : entry)),
    );
  }, []);

  const pump = useCallback(() => {
    while (running.current < PARALLEL_UPLOADS && waiting.current.length > 0) {
      const next = waiting.current.shift();
      if (!next) break;
      running.current += 1;
      patch(next.id, { status: 'uploading' });
      const form = new FormData();
      form.append('files', next.file, next.file.name);
      uploadForm<MediaUploadResult>('/media', form, {
        onProgress: (progress) => patch(next.id, { progress }),
      })
        .then((result) => {
          const created = result.items[0]?.created ?? true;
          patch(next.id, {
            status: 'done',
            progress: 1,
            message: created ? 'Uploaded' : 'Already in the library',
          });
          void invalidatePrefixes(client, ['/media']);
        })
        .catch((error: unknown) => {
          const message =
            error instanceof ApiError ? error.message : 'The upload failed. Please try again.';
          patch(next.id, { status: 'failed', message });
        })
        .finally(() => {
          running.current -= 1;
          pump();
        });
    }
  }, [client, patch]);

  const add = useCallback(
    (files: Iterable<File>) => {
      const added: UploadEntry[] = [];
      for (const file of files) {
        nextId.current += 1;
        const id = nextId.current;
        waiting.current.push({ id, file });
        added.push({ id, name: file.name, size: file.size, progress: 0, status: 'waiting' });
      }
      if (added.length === 0) return;
      setEntries((current) => [...current, ...added]);
      pump();
    },
    [pump],
  );

  const clearFinished = useCallback(() => {
    setEntries((current) =>
      current.filter((entry) => entry.status === 'waiting' || entry.status === 'uploading'),
    );
  }, []);

  return { entries, add, clearFinished };
};

/** A region that takes files dropped on it; it shows where to drop while files are dragged over. */
export function DropZone({
  onFiles,
  children,
}: {
  /** Where dropped files go; without it (a role that may not upload) the zone takes none. */
  onFiles?: (files: File[]) => void;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const hasFiles = (event: DragEvent) =>
    onFiles !== undefined && Array.from(event.dataTransfer.types).includes('Files');
  return (
    <section
      aria-label={onFiles ? 'Media files; drop files here to upload' : 'Media files'}
      onDragOver={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setOver(false);
        onFiles?.(Array.from(event.dataTransfer.files));
      }}
      className={`relative min-h-48 rounded-xl ${over ? 'outline-2 outline-blue-500 outline-dashed' : ''}`}
    >
      {over && (
        <div className="pointer-events-none absolute inset-0 z-10 flex items-center justify-center rounded-xl bg-blue-50/90 text-lg font-semibold text-blue-800">
          Drop files to upload them
        </div>
      )}
      {children}
    </section>
  );
}

const statusText: Record<UploadEntry['status'], string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  done: 'Uploaded',
  failed: 'Failed',
};

/** Each file of the queue with its progress, and its error in words when it was refused. */
export function UploadList({
  entries,
  onClear,
}: {
  entries: readonly UploadEntry[];
  onClear: () => void;
}) {
  if (entries.length === 0) return null;
  const finished = entries.some((entry) => entry.status === 'done' || entry.status === 'failed');
  return (
    <section
      aria-label="Uploads"
      className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-gray-900">Uploads</h2>
        {finished && (
          <button
            type="button"
            onClick={onClear}
            className="text-sm font-medium text-blue-700 hover:underline"
          >
            Clear finished
          </button>
        )}
      </div>
      <ul className="space-y-2">
        {entries.map((entry) => (
          <li key={entry.id} className="text-sm">
            <div className="flex items-center justify-between gap-3">
              <span className="min-w-0 truncate font-medium text-gray-800">{entry.name}</span>
              <span className="shrink-0 text-gray-600">
                {fileSize(entry.size)} ·{' '}
                {entry.status === 'done' ? (entry.message ?? 'Uploaded') : statusText[entry.status]}
              </span>
            </div>
            {(entry.status === 'uploading' || entry.status === 'waiting') && (
              <progress
                aria-label={`Uploading ${entry.name}`}
                max={100}
                value={Math.round(entry.progress * 100)}
                className="mt-1 h-2 w-full overflow-hidden rounded-full accent-blue-600"
              />
            )}
            {entry.status === 'failed' && (
              <p role="alert" className="mt-1 rounded-md bg-red-50 px-2 py-1 text-red-800">
                {entry.message}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
