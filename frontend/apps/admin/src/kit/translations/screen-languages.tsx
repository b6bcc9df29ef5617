//! A one-record screen's languages (docs/languages.md, "The site's own texts"): what the kit's
//! tabs (`RecordLanguages` with this `form`) need around a screen that is not a resource's form
//! (Site Settings, Home Page, Contact Details). The screen's own form is the default language's
//! tab: `shown` says whether it is shown, so that its Ctrl+S rests while another language's tab is
//! open; unsaved edits in any language's tab make leaving the screen ask first (`dialog`), as the
//! screen's own form does.
import { useMemo, useState } from 'react';
import { useUnsavedGuard } from '@/kit/form/unsaved-guard';
import type { AroundForm } from '@/kit/resource';

export const useScreenLanguages = () => {
  const [unsaved, setUnsaved] = useState(false);
  const [shown, setShown] = useState(true);
  const form: AroundForm = useMemo(() => ({ setUnsaved, setShown }), []);
  const guard = useUnsavedGuard(unsaved);
  return { shown, form, dialog: guard.dialog };
};
