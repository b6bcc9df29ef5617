import { FieldRow, TextField } from './fields';

/**
 * A password change's fields: the current password, then the new one and its confirmation
 * (`newName` and `confirmPassword` in the form), side by side on wide screens when `paired`.
 */
export function ChangePasswordFields({
  newName,
  paired = false,
}: {
  /** The new password's name in the form: `newPassword` or `password`. */
  newName: string;
  paired?: boolean;
}) {
  const next = (
    <>
      <TextField
        name={newName}
        label="New Password"
        type="password"
        required
        autoComplete="new-password"
      />
      <TextField
        name="confirmPassword"
        label="Confirm New Password"
        type="password"
        required
        autoComplete="new-password"
      />
    </>
  );
  return (
    <>
      <TextField
        name="currentPassword"
        label="Current Password"
        type="password"
        required
        autoComplete="current-password"
      />
      {paired ? <FieldRow>{next}</FieldRow> : next}
    </>
  );
}
