import type {
  AuditEntry,
  BlogPost,
  Category,
  ContactDetails,
  ContactMessage,
  Faq,
  HomePage,
  HomeSection,
  HomeSectionKey,
  Insights,
  PortfolioProject,
  ProjectRequest,
  ProjectRequestStats,
  Redirect,
  Service,
  Settings,
  Tag,
  TeamMember,
  Technology,
  Testimonial,
  Webhook,
} from '@atelier/api-client/api';
import { ADMIN } from './fixtures';

/** Demo records for screen tests: each factory returns a complete record, `overrides` on top. */
const STAMP = '2026-03-04T10:00:00Z';
let counter = 0;
/** A fresh 24-hex id. */
export const newId = () => {
  counter += 1;
  return `65a1b2c3d4e5f6${counter.toString(16).padStart(10, '0')}`;
};

export const category = (overrides: Partial<Category> = {}): Category => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  name: 'web-development',
  slug: 'web-development',
  displayName: 'Web Development',
  description: 'Building for the browser',
  featured: false,
  status: 'active',
  order: 1,
  postCount: 2,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...overrides,
});

export const tag = (overrides: Partial<Tag> = {}): Tag => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  name: 'React',
  slug: 'react',
  description: 'A library for interfaces',
  color: '#10B981',
  type: 'blog',
  count: 3,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...overrides,
});

export const settingsRecord = (overrides: Partial<Settings> = {}): Settings => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  siteName: 'Atelier',
  siteDescription: 'Software, made with care',
  contactEmail: 'hello@atelier.test',
  supportEmail: 'support@atelier.test',
  socialMedia: {
    facebook: '',
    twitter: 'https://twitter.com/atelier',
    linkedin: '',
    instagram: '',
    github: 'https://github.com/atelier',
  },
  services: { showPrices: true, defaultPriceDisplay: 'Contact for Quote', maxServicesDisplay: 6 },
  languages: [{ tag: 'en', name: 'English', direction: 'ltr' }],
  untranslatedContent: 'fallback',
  updatedAt: STAMP,
  ...overrides,
});

export const contactDetailsRecord = (overrides: Partial<ContactDetails> = {}): ContactDetails => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  email: 'hello@atelier.test',
  phone: '+1 555 0100',
  address: '1 Main Street, Springfield',
  googleMapsUrl: '',
  socialMedia: { github: 'https://github.com/atelier' },
  updatedAt: STAMP,
  ...overrides,
});

export const service = (overrides: Partial<Service> = {}): Service => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  title: 'Web Development',
  shortDescription: 'Fast sites and apps',
  description: 'We build **fast** web apps.',
  icon: 'faLaptopCode',
  features: ['React', 'Rust'],
  price: 5000,
  priceDisplay: '',
  showPrice: true,
  status: 'active',
  featured: false,
  order: 1,
  createdAt: STAMP,
  updatedAt: STAMP,
  titleHtml: 'Web Development',
  descriptionHtml: '<p>We build <strong>fast</strong> web apps.</p>\n',
  shortDescriptionHtml: '<p>Fast sites and apps</p>\n',
  featuresHtml: ['React', 'Rust'],
  ...overrides,
});

export const testimonial = (overrides: Partial<Testimonial> = {}): Testimonial => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  name: 'Grace Hopper',
  company: 'Navy Labs',
  content: 'They shipped on time.',
  rating: 5,
  status: 'approved',
  featured: false,
  createdAt: STAMP,
  updatedAt: STAMP,
  contentHtml: '<p>They shipped on time.</p>\n',
  ...overrides,
});

export const redirect = (overrides: Partial<Redirect> = {}): Redirect => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  from: '/2019/05/designing-apis',
  to: '/blog/designing-apis',
  status: 301,
  note: '',
  hits: 0,
  lastHitAt: null,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...overrides,
});

export const teamMember = (overrides: Partial<TeamMember> = {}): TeamMember => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  name: 'Ada Lovelace',
  position: 'Engineer',
  email: 'ada@atelier.test',
  bio: '',
  avatar: '',
  department: 'Engineering',
  skills: [],
  socialLinks: { linkedin: '', twitter: '', github: '', website: '' },
  status: 'active',
  order: 1,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...overrides,
});

export const technology = (overrides: Partial<Technology> = {}): Technology => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  name: 'React',
  description: 'A library for interfaces',
  category: 'frontend',
  icon: 'code',
  color: '#3B82F6',
  website: 'https://react.dev',
  status: 'active',
  featured: false,
  order: 0,
  usageCount: 2,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...overrides,
});

export const faq = (overrides: Partial<Faq> = {}): Faq => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  question: 'How long does a project take?',
  answer: 'Usually six to twelve weeks.',
  category: 'general',
  tags: [],
  status: 'active',
  order: 1,
  featured: false,
  views: 0,
  helpful: 0,
  notHelpful: 0,
  createdAt: STAMP,
  updatedAt: STAMP,
  answerHtml: '',
  ...overrides,
});

export const contactMessage = (overrides: Partial<ContactMessage> = {}): ContactMessage => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  phone: '',
  subject: 'A new website',
  message: 'We would like a new website.\nCan we talk next week?',
  status: 'new',
  priority: 'medium',
  source: 'website',
  tags: [],
  notes: '',
  spam: false,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...overrides,
});

export const projectRequest = (overrides: Partial<ProjectRequest> = {}): ProjectRequest => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  clientName: 'Grace Hopper',
  companyName: 'Navy Labs',
  email: 'grace@example.test',
  phone: '',
  projectType: 'web-app',
  budget: '10k-25k',
  timeline: '1-3-months',
  description: 'A portal for our engineers.',
  status: 'new_request',
  priority: 'medium',
  source: 'website',
  notes: '',
  spam: false,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...overrides,
});

/** The pipeline's counts as the stats call answers them for one new request of medium priority. */
export const oneRequestStats = (): ProjectRequestStats => ({
  total: 1,
  byStatus: {
    new_request: 1,
    contacted: 0,
    proposal_sent: 0,
    in_negotiation: 0,
    accepted: 0,
    completed: 0,
    declined: 0,
  },
  byPriority: { low: 0, medium: 1, high: 0, urgent: 0 },
});

export const portfolioProject = (overrides: Partial<PortfolioProject> = {}): PortfolioProject => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  title: 'Harbour App',
  slug: 'harbour-app',
  client: 'Harbour Co',
  category: 'Mobile App',
  shortDescription: 'Tide tables in your pocket.',
  description: 'We built **Harbour**.',
  image: '/images/demo/project-1.svg',
  technologies: [],
  tags: [],
  demoUrl: '',
  githubUrl: '',
  completedAt: '2026-02-01T00:00:00Z',
  featured: false,
  status: 'published',
  images: [],
  publishAt: null,
  createdAt: STAMP,
  updatedAt: STAMP,
  contentHtml: '<p>We built <strong>Harbour</strong>.</p>\n',
  ...overrides,
});

export const blogPost = (overrides: Partial<BlogPost> = {}): BlogPost => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  title: 'Shipping on Fridays',
  slug: 'shipping-on-fridays',
  excerpt: 'Small changes, often.',
  content: 'Small changes, often.',
  featuredImage: '',
  category: '',
  categoryName: '',
  tags: [],
  tagNames: '',
  authorName: 'Maya Chen',
  status: 'published',
  featured: false,
  metaTitle: '',
  metaDescription: '',
  views: 0,
  images: [],
  publishAt: null,
  submittedAt: null,
  reviewNote: null,
  createdAt: STAMP,
  updatedAt: STAMP,
  contentHtml: '<p>Small changes, often.</p>\n',
  ...overrides,
});

export const auditEntry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: newId(),
  at: '2026-11-20T10:15:00Z',
  actorId: ADMIN._id,
  actorName: 'Ada Admin',
  actorEmail: 'ada@atelier.test',
  action: 'update',
  entityKind: 'services',
  entityId: '65f1c2a9b4e8d70012345678',
  operation: 'PUT /services/{id}',
  requestId: '0d6f7c1e-2d4b-4e8a-9a55-1f0c7d2b9e11',
  clientAddress: '203.0.113.7',
  summary: ['title', 'price'],
  ...overrides,
});

export const homeSection = (key: HomeSectionKey, order: number): HomeSection => ({
  key,
  visible: true,
  order,
  heading: '',
  subheading: '',
  items: [],
  figures: [],
  note: { title: '', text: '' },
  stepsHeading: '',
  steps: [],
  links: [],
});

export const homePageRecord = (overrides: Partial<HomePage> = {}): HomePage => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: '65f1c2a9b4e8d70012345699',
  hero: {
    title: 'Software, made with care',
    subtitle: 'Apps and websites for growing teams.',
    links: [{ label: 'Our Services', target: '#services' }],
    trustedBy: 'Trusted by teams everywhere',
  },
  sections: [
    { ...homeSection('features', 1), items: [{ title: 'Fast', text: 'Shipped in weeks.' }] },
    { ...homeSection('services', 2), heading: 'Our Services', subheading: 'What we do.' },
    {
      ...homeSection('why-hire', 3),
      heading: 'Why Hire Us',
      figures: [{ value: 250, suffix: '+', label: 'Projects Delivered' }],
      steps: ['Discovery', 'Launch'],
      links: [{ label: 'Start Your Project', target: '/discuss-project' }],
    },
    { ...homeSection('blog', 4), visible: false, heading: 'Latest from Our Blog' },
  ],
  footerServices: ['Web Development'],
  createdAt: STAMP,
  updatedAt: STAMP,
  ...overrides,
});

export const webhookRecord = (overrides: Partial<Webhook> = {}): Webhook => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: newId(),
  url: 'https://hooks.example.com/atelier',
  description: 'The CRM',
  events: ['post.published', 'contact.received'],
  active: true,
  failingSince: null,
  disabledAt: null,
  createdAt: STAMP,
  updatedAt: STAMP,
  ...overrides,
});

/** Three days of statistics ending on `to`, beside three days with fewer visitors. */
export const insightsReport = (to = '2026-03-04', overrides: Partial<Insights> = {}): Insights => {
  const day = (offset: number) => {
    const date = new Date(`${to}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };
  const series = (from: number, visitors: number[], leads: number[]) => ({
    from: day(from),
    to: day(from + 2),
    days: visitors.map((count, index) => ({
      day: day(from + index),
      visitors: count,
      views: count * 2,
      leads: leads[index] ?? 0,
    })),
    totals: {
      visitors: visitors.reduce((sum, count) => sum + count, 0),
      views: visitors.reduce((sum, count) => sum + count * 2, 0),
      leads: leads.reduce((sum, count) => sum + count, 0),
      conversionRate: null,
    },
  });
  return {
    current: {
      ...series(-2, [10, 0, 30], [1, 0, 2]),
      totals: { visitors: 40, views: 80, leads: 3, conversionRate: 7.5 },
    },
    previous: {
      ...series(-5, [10, 10, 0], [0, 1, 0]),
      totals: { visitors: 20, views: 40, leads: 1, conversionRate: 5 },
    },
    change: { visitors: 100, views: 100, leads: 100 },
    pages: [
      { value: '/blog/shipping-on-fridays', views: 50, visitors: 25 },
      { value: '/', views: 30, visitors: 20 },
    ],
    posts: [{ slug: 'shipping-on-fridays', title: 'Shipping on Fridays', views: 50, visitors: 25 }],
    referrers: [
      { value: '', views: 60, visitors: 30 },
      { value: 'news.example.com', views: 20, visitors: 10 },
    ],
    campaigns: [{ value: 'newsletter / email / winter', views: 12, visitors: 6 }],
    devices: [
      { value: 'desktop', views: 60, visitors: 30 },
      { value: 'mobile', views: 20, visitors: 10 },
    ],
    landingPages: [{ value: '/', visitors: 20, leads: 2, rate: 10 }],
    sources: [
      { value: 'news.example.com', visitors: 10, leads: 1, rate: 10 },
      { value: '', visitors: 30, leads: 1, rate: 3.3 },
    ],
    unattributedLeads: 1,
    ...overrides,
  };
};
