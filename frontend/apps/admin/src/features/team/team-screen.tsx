import {
  type NewTeamMember,
  type TeamMember,
  TeamMemberStatus,
  useCreateTeamMember,
  useDeleteTeamMember,
  useListTeamMembers,
  useMoveTeamMember,
  useUpdateTeamMember,
} from '@atelier/api-client/api';
import { useState } from 'react';
import { z } from 'zod';
import { ChipsField } from '@/kit/fields/chips-field';
import { FieldRow, NumberField, SelectField, TextAreaField, TextField } from '@/kit/fields/fields';
import { MediaPickerField } from '@/kit/fields/media-picker';
import { MoveButtons } from '@/kit/list/move-buttons';
import { StatusBadge } from '@/kit/list/status-badge';
import { useRowAction } from '@/kit/list/use-row-action';
import { defineResource, fromQuery } from '@/kit/resource';
import { ResourceScreen } from '@/kit/resource-screen';
import { byOrder, humanize, toInt } from '@/kit/values';
import { requiredEmail } from '@/lib/email';
import { teamScreen } from './screen';
import { TeamMemberLanguages } from './team-translations';

const URL_MESSAGE = 'Please enter a valid URL';
const isWebUrl = (value: string) => /^https?:\/\/\S+$/i.test(value);
/** A social link: an absolute http(s) URL, or empty. */
const url = z
  .string()
  .trim()
  .refine((value) => value === '' || isWebUrl(value), URL_MESSAGE);
/** The avatar may also be a path on this site, as the demo team's are (`/images/...`). */
const avatarUrl = z
  .string()
  .trim()
  .refine((value) => value === '' || isWebUrl(value) || /^\/[^/\s]\S*$/.test(value), URL_MESSAGE);

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  position: z.string().trim().min(1, 'Position is required'),
  email: requiredEmail(),
  order: z
    .string()
    .trim()
    .min(1, 'Display order is required')
    .refine((value) => toInt(value, 0) >= 1, 'Display order must be at least 1'),
  department: z.string(),
  avatar: avatarUrl,
  bio: z.string(),
  skills: z.array(z.string()),
  status: z.enum(TeamMemberStatus),
  linkedin: url,
  twitter: url,
  github: url,
  website: url,
});
type Values = z.infer<typeof schema>;

const STATUS_OPTIONS = Object.values(TeamMemberStatus).map((value) => ({
  value,
  label: humanize(value),
}));

/** The member's photo, or their initial when there is none or it fails to load. */
function Avatar({ name, src }: { name: string; src: string }) {
  const [broken, setBroken] = useState(false);
  if (src && !broken) {
    return (
      <img
        src={src}
        alt=""
        onError={() => setBroken(true)}
        className="h-9 w-9 shrink-0 rounded-full bg-gray-100 object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-blue-100 font-semibold text-blue-700"
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

function TeamMove({ row, rows }: { row: TeamMember; rows: readonly TeamMember[] }) {
  const move = useRowAction(useMoveTeamMember(), ['/team']);
  const position = rows.findIndex((candidate) => candidate._id === row._id);
  const onMove = (direction: 'up' | 'down') => {
    const neighbour = rows[direction === 'up' ? position - 1 : position + 1];
    if (!neighbour) return;
    void move.run(
      { id: row._id, data: { newOrder: neighbour.order } },
      `Team member moved ${direction} successfully!`,
      'Failed to update team members',
    );
  };
  return (
    <MoveButtons
      label={row.name}
      isFirst={position === 0}
      isLast={position === rows.length - 1}
      busy={move.busy}
      onMove={onMove}
    />
  );
}

export const team = defineResource<TeamMember, Values, NewTeamMember>({
  title: teamScreen.title,
  addLabel: 'Add Team Member',
  description: 'The people on the About page, in the order they appear.',
  list: {
    mode: 'client',
    useRows: () =>
      fromQuery(useListTeamMembers({ limit: 1000 }), (data) => ({
        rows: [...data.teamMembers].sort(byOrder((row) => row.name)),
      })),
    search: {
      placeholder: 'Search team members…',
      text: (row) => `${row.name} ${row.position} ${row.department} ${row.email}`,
    },
    columns: [
      {
        header: 'Member',
        cell: (row) => (
          <div className="flex items-center gap-3">
            <Avatar name={row.name} src={row.avatar} />
            <p className="font-medium text-gray-900">{row.name}</p>
          </div>
        ),
      },
      { header: 'Position', cell: (row) => row.position },
      { header: 'Department', className: 'hidden md:table-cell', cell: (row) => row.department },
      { header: 'Email', className: 'hidden lg:table-cell', cell: (row) => row.email },
      { header: 'Order', cell: (row) => row.order },
      { header: 'Status', cell: (row) => <StatusBadge status={row.status} /> },
    ],
    rowControls: (row, rows) => <TeamMove row={row} rows={rows} />,
    empty: 'No team members found. Add your first team member to get started!',
    actions: ['edit', 'delete'],
    rowLabel: (row) => row.name,
  },
  form: {
    variant: 'inline',
    schema,
    defaults: {
      name: '',
      position: '',
      email: '',
      order: '1',
      department: '',
      avatar: '',
      bio: '',
      skills: [],
      status: 'active',
      linkedin: '',
      twitter: '',
      github: '',
      website: '',
    },
    newDefaults: (rows) => ({ order: String(rows.length + 1) }),
    fromRecord: (row) => ({
      name: row.name,
      position: row.position,
      email: row.email,
      order: String(row.order),
      department: row.department,
      avatar: row.avatar,
      bio: row.bio,
      skills: row.skills,
      status: row.status,
      linkedin: row.socialLinks.linkedin,
      twitter: row.socialLinks.twitter,
      github: row.socialLinks.github,
      website: row.socialLinks.website,
    }),
    toInput: ({ linkedin, twitter, github, website, order, ...values }) => ({
      ...values,
      order: toInt(order, 1),
      socialLinks: { linkedin, twitter, github, website },
    }),
    fields: () => (
      <>
        <FieldRow>
          <TextField name="name" label="Name" required />
          <TextField name="position" label="Position" required />
        </FieldRow>
        <FieldRow>
          <TextField name="email" label="Email" type="email" required />
          <TextField name="department" label="Department" />
        </FieldRow>
        <FieldRow>
          <NumberField name="order" label="Display Order" required min={1} />
          <SelectField name="status" label="Status" options={STATUS_OPTIONS} />
        </FieldRow>
        <MediaPickerField name="avatar" label="Avatar URL" placeholder="https://… or /images/…" />
        <TextAreaField name="bio" label="Bio" rows={4} />
        <ChipsField name="skills" label="Skills" placeholder="Type a skill and press Enter" />
        <FieldRow>
          <TextField name="linkedin" label="LinkedIn" type="url" />
          <TextField name="twitter" label="Twitter" type="url" />
        </FieldRow>
        <FieldRow>
          <TextField name="github" label="GitHub" type="url" />
          <TextField name="website" label="Website" type="url" />
        </FieldRow>
      </>
    ),
    titles: { create: 'Add Team Member', edit: 'Edit Team Member' },
    around: TeamMemberLanguages,
    presence: 'team-member',
  },
  api: {
    useCreate: useCreateTeamMember,
    useUpdate: useUpdateTeamMember,
    useDelete: useDeleteTeamMember,
    invalidates: ['/team'],
    operations: {
      create: 'createTeamMember',
      update: 'updateTeamMember',
      delete: 'deleteTeamMember',
    },
  },
  messages: {
    created: 'Team member created successfully!',
    updated: 'Team member updated successfully!',
    deleted: 'Team member deleted successfully!',
    deleteQuestion: 'Are you sure you want to delete this team member?',
    plural: 'team members',
  },
});

export default function TeamScreen() {
  return <ResourceScreen definition={team} />;
}
