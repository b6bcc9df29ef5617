import { json, type MockHandler } from '@atelier/api-client/test/mock-api';
import { screen, waitFor } from '@testing-library/react';
import { describe, it } from 'vitest';
import { signedInApi } from '@/test/admin-api';
import { expectFormShows, type FieldRow } from '@/test/form-shows';
import { category, faq, service, tag, teamMember, technology, testimonial } from '@/test/records';
import { renderAdmin } from '@/test/render-app';

/**
 * Every catalogue form opens a record with every field set to a value other than the form's
 * default and shows each field's stored value (a select by its option's words). The post and
 * project forms have tables of their own beside them (their editor and lookups).
 */
interface FormCase {
  form: string;
  /** Where the form opens: `/admin/<screen>/edit/<id>`. */
  path: string;
  /** The form's container: a dialog over the list or a region (inline panel). */
  role: 'dialog' | 'region';
  title: string;
  api: Record<string, MockHandler>;
  table: FieldRow[];
}

const page = (key: string, rows: unknown[]) => ({
  [key]: rows,
  totalItems: rows.length,
  totalPages: 1,
  currentPage: 1,
});

const CATEGORY = category({
  displayName: 'Cloud & DevOps',
  slug: 'cloud-devops',
  description: 'Running software',
  order: 7,
  status: 'inactive',
  featured: true,
});
const TAG = tag({
  name: 'Kubernetes',
  description: 'Orchestration',
  color: '#AA3311',
  type: 'general',
});
const TECHNOLOGY = technology({
  name: 'PostgreSQL',
  description: 'A database',
  category: 'database',
  icon: 'database',
  color: '#336791',
  website: 'https://postgresql.org',
  status: 'inactive',
  order: 4,
  featured: true,
});
const SERVICE = service({
  title: 'Cloud',
  shortDescription: 'Hosting done well',
  description: 'We **host**.',
  icon: 'faCloud',
  features: ['Backups', 'Monitoring'],
  price: 1200,
  priceDisplay: 'From $1,200',
  showPrice: false,
  status: 'inactive',
  featured: true,
  order: 3,
});
const TESTIMONIAL = testimonial({
  name: 'Linus',
  company: 'Kernel Co',
  content: 'Solid work.',
  rating: 4.5,
  status: 'rejected',
  featured: true,
});
const MEMBER = teamMember({
  name: 'Grace',
  position: 'CTO',
  email: 'grace@atelier.test',
  department: 'Leadership',
  avatar: '/media/abc/grace.webp',
  bio: 'Compilers.',
  skills: ['COBOL', 'Leadership'],
  socialLinks: {
    linkedin: 'https://linkedin.com/in/grace',
    twitter: 'https://twitter.com/grace',
    github: 'https://github.com/grace',
    website: 'https://grace.dev',
  },
  status: 'inactive',
  order: 5,
});
const FAQ = faq({
  question: 'Do you sign NDAs?',
  answer: 'Yes.',
  category: 'billing',
  status: 'draft',
  order: 9,
  featured: true,
  tags: ['legal', 'contracts'],
});

const CASES: FormCase[] = [
  {
    form: 'category',
    path: `categories/edit/${CATEGORY._id}`,
    role: 'dialog',
    title: 'Edit Category',
    api: { 'GET /api/blog/categories': () => json(200, [CATEGORY]) },
    table: [
      ['Display Name', CATEGORY.displayName],
      ['Slug', CATEGORY.slug],
      ['Description', CATEGORY.description],
      ['Order', '7'],
      ['Status', 'Inactive'],
      ['Featured Category', true],
    ],
  },
  {
    form: 'tag',
    path: `tags/edit/${TAG._id}`,
    role: 'dialog',
    title: 'Edit Tag',
    api: { 'GET /api/tags': () => json(200, [TAG]) },
    table: [
      ['Name', TAG.name],
      ['Description', TAG.description],
      ['Color', '#AA3311'],
      ['Type', 'General'],
    ],
  },
  {
    form: 'technology',
    path: `technologies/edit/${TECHNOLOGY._id}`,
    role: 'dialog',
    title: 'Edit Technology',
    api: { 'GET /api/technologies': () => json(200, { data: [TECHNOLOGY] }) },
    table: [
      ['Name', TECHNOLOGY.name],
      ['Category', 'Database'],
      ['Description', TECHNOLOGY.description],
      ['Icon', TECHNOLOGY.icon],
      ['Color', TECHNOLOGY.color],
      ['Website', TECHNOLOGY.website],
      ['Status', 'Inactive'],
      ['Order', '4'],
      ['Featured Technology', true],
    ],
  },
  {
    form: 'service',
    path: `services/edit/${SERVICE._id}`,
    role: 'region',
    title: 'Edit Service',
    api: { 'GET /api/services': () => json(200, [SERVICE]) },
    table: [
      ['Title', SERVICE.title],
      ['Icon', 'Cloud'],
      ['Short Description', SERVICE.shortDescription],
      ['Full Description', SERVICE.description],
      ['Features', ['Backups', 'Monitoring']],
      ['Price', '1200'],
      ['Price Display', SERVICE.priceDisplay],
      ['Order', '3'],
      ['Show Price', false],
      ['Active', false],
      ['Featured', true],
    ],
  },
  {
    form: 'testimonial',
    path: `testimonials/edit/${TESTIMONIAL._id}`,
    role: 'region',
    title: 'Edit Testimonial',
    api: { 'GET /api/testimonials': () => json(200, page('testimonials', [TESTIMONIAL])) },
    table: [
      ['Name', TESTIMONIAL.name],
      ['Company', TESTIMONIAL.company],
      ['Content', TESTIMONIAL.content],
      ['Rating', '4.5 stars'],
      ['Status', 'Rejected'],
      ['Featured', true],
    ],
  },
  {
    form: 'team member',
    path: `team/edit/${MEMBER._id}`,
    role: 'region',
    title: 'Edit Team Member',
    api: { 'GET /api/team': () => json(200, page('teamMembers', [MEMBER])) },
    table: [
      ['Name', MEMBER.name],
      ['Position', MEMBER.position],
      ['Email', MEMBER.email],
      ['Department', MEMBER.department],
      ['Display Order', '5'],
      ['Status', 'Inactive'],
      ['Avatar URL', MEMBER.avatar],
      ['Bio', MEMBER.bio],
      ['Skills', ['COBOL', 'Leadership']],
      ['LinkedIn', MEMBER.socialLinks.linkedin],
      ['Twitter', MEMBER.socialLinks.twitter],
      ['GitHub', MEMBER.socialLinks.github],
      ['Website', MEMBER.socialLinks.website],
    ],
  },
  {
    form: 'FAQ',
    path: `faq/edit/${FAQ._id}`,
    role: 'region',
    title: 'Edit FAQ',
    api: {
      'GET /api/faqs': () =>
        json(200, { data: [FAQ], pagination: { page: 1, limit: 100, total: 1, totalPages: 1 } }),
    },
    table: [
      ['Question', FAQ.question],
      ['Answer', FAQ.answer],
      ['Category', 'Billing'],
      ['Status', 'Draft'],
      ['Order', '9'],
      ['Featured', true],
      ['Tags', ['legal', 'contracts']],
    ],
  },
];

describe('every catalogue form shows each stored field when it opens', () => {
  it.each(CASES)('the $form form', async ({ path, role, title, api, table }) => {
    signedInApi(api);
    renderAdmin(`/admin/${path}`);
    const form = await screen.findByRole(role, { name: title });
    await waitFor(() => expectFormShows(form, table));
  });
});
