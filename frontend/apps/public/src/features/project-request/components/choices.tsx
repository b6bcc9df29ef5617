/** A select's options: its placeholder (no value), then every option. */
export const choices = (
  placeholder: string,
  options: readonly { value: string; label: string }[],
) => (
  <>
    <option value="">{placeholder}</option>
    {options.map((option) => (
      <option key={option.value} value={option.value}>
        {option.label}
      </option>
    ))}
  </>
);
