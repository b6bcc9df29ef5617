import { Modal } from '@atelier/ui/modal';
import { useState } from 'react';
import { type FieldValues, type Path, useFormContext } from 'react-hook-form';
import { TextField } from './fields';
import { MediaLibrary } from './media-library';

/**
 * An image URL field with a 'Choose from library' button: a dialog of the library's images
 * (searchable, with an upload); picking one puts its relative address (`/media/…`) in the field.
 * Any other URL can still be typed.
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
        <MediaLibrary
          enabled={open}
          onChoose={(item) => {
            setValue(name as Path<FieldValues>, item.url, {
              shouldDirty: true,
              shouldValidate: true,
            });
            setOpen(false);
          }}
        />
      </Modal>
    </div>
  );
}
