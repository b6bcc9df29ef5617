import { FormField, inputClass } from '@atelier/ui/form-field';
import { Modal } from '@atelier/ui/modal';
import { type FormEvent, useEffect, useState } from 'react';
import { MediaLibrary } from '@/kit/fields/media-library';

/** An image to insert: its address and its alt text. */
export interface InsertedImage {
  src: string;
  alt: string;
}

/** The markdown of an image: `![alt](src)`, the alt's brackets escaped, an odd address bracketed. */
export const imageMarkdown = ({ src, alt }: InsertedImage) => {
  const text = alt.replace(/[\\[\]]/g, (char) => `\\${char}`);
  const address = /[\s()<>]/.test(src) ? `<${src.replace(/[<>]/g, '')}>` : src;
  return `![${text}](${address})`;
};

/**
 * The editor's image dialog, styled like the rest of the back office: the media library (search,
 * upload) as the featured-image picker offers it, or an address typed by hand, and the alt text.
 * Choosing a library image fills its relative address (`/media/…`) and the alt text the library
 * keeps for it; the alt text can still be changed before inserting.
 */
export function InsertImageDialog({
  open,
  onOpenChange,
  onInsert,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInsert: (image: InsertedImage) => void;
}) {
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    if (open) {
      setSrc('');
      setAlt('');
      setError('');
    }
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const address = src.trim();
    if (!/^(\/[^/\s\\]|https?:\/\/\S)/.test(address)) {
      setError('Choose an image, or enter an address starting with / or https://');
      return;
    }
    onInsert({ src: address, alt: alt.trim() });
    onOpenChange(false);
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Insert an image" size="lg">
      <div className="space-y-4">
        <MediaLibrary
          enabled={open}
          onChoose={(item) => {
            setSrc(item.url);
            setAlt(item.alt);
            setError('');
          }}
        />
        <form onSubmit={submit} className="space-y-3 border-t border-gray-200 pt-4">
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField
              label="Image address"
              error={error || undefined}
              hint="From the library, or any /… or https://… address"
            >
              {(control) => (
                <input
                  {...control}
                  value={src}
                  onChange={(event) => {
                    setSrc(event.target.value);
                    setError('');
                  }}
                  placeholder="/media/…"
                  className={inputClass}
                />
              )}
            </FormField>
            <FormField
              label="Alt text"
              hint="The library's alt text; change it for this place only"
            >
              {(control) => (
                <input
                  {...control}
                  value={alt}
                  onChange={(event) => setAlt(event.target.value)}
                  placeholder="What the image shows"
                  className={inputClass}
                />
              )}
            </FormField>
          </div>
          {src.trim() && (
            <img
              src={src.trim()}
              alt={alt}
              className="max-h-40 rounded-lg border border-gray-200 bg-gray-50 object-contain"
            />
          )}
          <div className="flex justify-end gap-2">
            <button
              type="button"
              onClick={() => onOpenChange(false)}
              className="rounded-lg border border-gray-300 px-4 py-2 text-sm font-semibold text-gray-700 hover:bg-gray-50"
            >
              Cancel
            </button>
            <button
              type="submit"
              className="rounded-lg bg-blue-600 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-700"
            >
              Insert image
            </button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
