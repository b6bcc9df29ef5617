import { useController, useFormContext } from 'react-hook-form';
import { useFieldLabel } from '@/kit/versions/field-labels';
import { MarkdownEditor, type MarkdownEditorProps } from './lazy-editor';

export interface MarkdownFieldProps
  extends Omit<MarkdownEditorProps, 'value' | 'onChange' | 'onBlur' | 'label'> {
  name: string;
  /** The field's label, above the editor; the editor's own header label stays 'Content Editor'. */
  label: string;
  required?: boolean;
  editorLabel?: string;
}

/** A form field (react-hook-form) holding markdown, edited in the lazily loaded editor. */
export function MarkdownField({
  name,
  label,
  required,
  editorLabel,
  ...editor
}: MarkdownFieldProps) {
  const { control } = useFormContext();
  useFieldLabel(name, label, true);
  const { field, fieldState } = useController({ name, control });
  const errorId = `${name}-error`;
  return (
    <div>
      <p className="mb-1 block text-sm font-medium text-gray-700">
        {label}
        {required && (
          <span className="text-red-600" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </p>
      <MarkdownEditor
        {...editor}
        label={editorLabel}
        ariaLabel={label}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
      />
      {fieldState.error?.message && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600">
          {fieldState.error.message}
        </p>
      )}
    </div>
  );
}
