import { useListMedia } from '@atelier/api-client/api';
import { Modal } from '@atelier/ui/modal';
import { useState } from 'react';
import { type FieldValues, type Path, useFormContext } from 'react-hook-form';
import { TextField } from './fields';

/**
 * An image URL field with a 'Choose from library' button: a dialog of the library's images
 * (searchable); picking one puts its URL in the field. Any other URL can still be typed.
 * For every form that takes an image: team avatar, post featured image, project image.
 */
export function MediaPickerField({
  name,
  label,
  placeholder,
}: {
  name: string;
  label: string;
  placeholder?: string;
}) {
  const { setValue } = useFormContext<FieldValues>();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const images = useListMedia(
    { kind: 'image', limit: 48, ...(search.trim() ? { search: search.trim() } : {}) },
    { query: { enabled: open } },
  );
  const items = images.data?.media ?? [];
  return (
    <div className="space-y-2">
      <TextField name={name} label={label} placeholder={placeholder} />
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-700 hover:bg-gray-50"
      >
        Choose from library
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Choose an image" size="lg">
        <input
          type="search"
          aria-label="Search images"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Title, alt text, tag…"
          className="mb-3 w-full rounded-lg border border-gray-300 px-3 py-2 text-sm"
        />
        {images.isPending ? (
          <p className="text-sm text-gray-600">Loading images…</p>
        ) : items.length === 0 ? (
          <p className="text-sm text-gray-600">No media found</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {items.map((item) => (
              <li key={item._id}>
                <button
                  type="button"
                  aria-label={`Choose ${item.title}`}
                  onClick={() => {
                    setValue(name as Path<FieldValues>, item.url, {
                      shouldDirty: true,
                      shouldValidate: true,
                    });
                    setOpen(false);
                  }}
                  className="block w-full overflow-hidden rounded-lg border border-gray-200 text-left hover:border-blue-500"
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
      </Modal>
    </div>
  );
}
