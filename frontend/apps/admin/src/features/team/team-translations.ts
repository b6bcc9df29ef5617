//! The team member's languages in its editor (docs/languages.md, "Back office"): the kit's
//! translation tabs with the team member's translatable fields.
import { type TeamMember, TranslationKind } from '@atelier/api-client/api';
import { languagesAround } from '@/kit/translations/record-languages';
import type { TranslationSpec } from '@/kit/translations/translation-spec';

export const TEAM_MEMBER_TRANSLATIONS: TranslationSpec<TeamMember> = {
  kind: TranslationKind.team_member,
  noun: 'team member',
  fields: [
    { name: 'position', label: 'Position', input: 'text' },
    {
      name: 'bio',
      label: 'Bio',
      input: 'markdown',
      height: 250,
      placeholder: 'Translate the bio…',
    },
    { name: 'department', label: 'Department', input: 'text' },
  ],
  autosaveScope: 'team',
  id: (row) => row._id,
  source: (row) => ({ position: row.position, bio: row.bio, department: row.department }),
};

/** The team member's languages as tabs around its form; one language only: the form alone. */
export const TeamMemberLanguages = languagesAround(TEAM_MEMBER_TRANSLATIONS);
