import { t } from '@atelier/messages/intl';
import type { ComponentPropsWithRef } from 'react';

/**
 * A field people never see or reach (hidden, out of the tab order, ignored by assistive
 * technology and autofill); bots that fill every input fill it, and the server drops their
 * submission. It is sent with the form as `website`.
 */
export function HoneypotField(props: ComponentPropsWithRef<'input'>) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        {t('form.honeypot')}
        <input type="text" tabIndex={-1} autoComplete="off" {...props} name="website" />
      </label>
    </div>
  );
}
