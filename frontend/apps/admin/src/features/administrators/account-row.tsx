import type { Administrator, RoleChangeInputRole } from '@atelier/api-client/api';
import { inputClass } from '@atelier/ui/form-field';
import { secondaryButton } from '@/kit/card';
import { shortDate } from '@/kit/values';
import { ROLE_LABELS, ROLES } from '@/lib/session/session-user';
import { dangerButton, ROLE_SUMMARIES } from './admin-messages';

/** The role select: as wide as its longest role, not the row. */
const roleSelectClass = inputClass.replace('w-full', 'w-auto');

/** The roles one account may be given: every one but the Owner's, which only a handover gives. */
export const GIVEN_ROLES = ROLES.filter((role): role is RoleChangeInputRole => role !== 'owner');

/**
 * One account of the team: its name, address and role, the role select (for those who may change
 * roles; never on the Owner's account), the handover (for the Owner, on another account) and
 * removal (never of the Owner's account).
 */
export function AccountRow({
  account,
  mayChangeRoles,
  mayHandOver,
  mayRemove,
  onRole,
  onHandOver,
  onRemove,
}: {
  account: Administrator;
  mayChangeRoles: boolean;
  mayHandOver: boolean;
  mayRemove: boolean;
  onRole: (role: RoleChangeInputRole) => void;
  onHandOver: () => void;
  onRemove: () => void;
}) {
  const owner = account.role === 'owner';
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-gray-900">
          {account.name}
          {account.isYou && (
            <span className="ml-2 rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-800">
              You
            </span>
          )}
        </p>
        <p className="text-sm break-all text-gray-600">
          {account.email} · since {shortDate(account.createdAt)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
        {mayChangeRoles && !owner ? (
          <select
            aria-label={`Role of ${account.name}`}
            title={ROLE_SUMMARIES[account.role]}
            value={account.role}
            onChange={(event) => onRole(event.target.value as RoleChangeInputRole)}
            className={roleSelectClass}
          >
            {GIVEN_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        ) : (
          <span
            title={ROLE_SUMMARIES[account.role]}
            className={`rounded-full px-2.5 py-1 text-xs font-semibold ${owner ? 'bg-amber-100 text-amber-900' : 'bg-gray-100 text-gray-800'}`}
          >
            {ROLE_LABELS[account.role]}
          </span>
        )}
        {mayHandOver && !owner && (
          <button type="button" className={secondaryButton} onClick={onHandOver}>
            Make Owner
          </button>
        )}
        {mayRemove && !owner && (
          <button
            type="button"
            className={dangerButton}
            aria-label={`Remove ${account.name}`}
            onClick={onRemove}
          >
            Remove
          </button>
        )}
      </div>
    </li>
  );
}
