import type {
  BlogPost,
  Category,
  Faq,
  PortfolioProject,
  Service,
  Settings,
  Testimonial,
} from '@atelier/api-client/api';
import { withoutTitleHeading } from '@atelier/site/post-view';
import { renderInlineMarkdown, renderMarkdown } from '@atelier/ui/render-markdown';

/**
 * The server renders every markdown field (`contentHtml`, `answerHtml`, …); the fixtures fill those
 * from the markdown the test gives, with the browser renderer of `@atelier/ui` standing in for the
 * server's (which its own corpus test checks). The site itself never renders markdown.
 */
const html = (markdown: string) => renderMarkdown(markdown);

let counter = 0;

export const makeService = (overrides: Partial<Service> = {}): Service => {
  counter += 1;
  const service: Omit<
    Service,
    'titleHtml' | 'descriptionHtml' | 'shortDescriptionHtml' | 'featuresHtml'
  > &
    Partial<Service> = {
    version: 1,
    createdBy: null,
    updatedBy: null,
    _id: counter.toString(16).padStart(24, '0'),
    title: `Service ${counter}`,
    description: `Full description ${counter}`,
    shortDescription: `Short description ${counter}`,
    icon: 'faCode',
    features: [],
    price: null,
    priceDisplay: '',
    showPrice: false,
    status: 'active',
    featured: true,
    order: counter,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
  return {
    titleHtml: renderInlineMarkdown(service.title),
    descriptionHtml: html(service.description),
    shortDescriptionHtml: html(service.shortDescription),
    featuresHtml: service.features.map((feature) => renderInlineMarkdown(feature)),
    ...service,
  };
};

export const makeSettings = (overrides: Partial<Settings> = {}): Settings => ({
  version: 1,
  createdBy: null,
  updatedBy: null,
  siteName: 'Atelier',
  siteDescription: 'Software agency',
  contactEmail: 'hello@atelier.dev',
  supportEmail: 'support@atelier.dev',
  socialMedia: { facebook: '', twitter: '', linkedin: '', instagram: '', github: '' },
  services: {
    showPrices: false,
    defaultPriceDisplay: 'Contact for pricing',
    maxServicesDisplay: 6,
  },
  languages: [{ tag: 'en', name: 'English', direction: 'ltr' }],
  untranslatedContent: 'fallback',
  updatedAt: '2024-01-01T00:00:00Z',
  ...overrides,
});

export const makePost = (overrides: Partial<BlogPost> = {}): BlogPost => {
  counter += 1;
  const post: Omit<BlogPost, 'contentHtml'> & Partial<BlogPost> = {
    version: 1,
    createdBy: null,
    updatedBy: null,
    _id: counter.toString(16).padStart(24, '0'),
    slug: `post-${counter}`,
    title: `Post ${counter}`,
    excerpt: `Excerpt ${counter}`,
    content: 'Some words here',
    featuredImage: `/images/demo/blog-${(counter % 12) + 1}.svg`,
    category: null,
    categoryName: '',
    tags: [],
    tagNames: '',
    authorName: 'Maya Chen',
    status: 'published',
    featured: false,
    views: 3,
    metaTitle: '',
    metaDescription: '',
    images: [],
    publishAt: null,
    submittedAt: null,
    reviewNote: null,
    createdAt: '2024-03-15T12:00:00Z',
    updatedAt: '2024-03-15T12:00:00Z',
    ...overrides,
  };
  return { contentHtml: html(withoutTitleHeading(post.content, post.title)), ...post };
};

export const makeCategory = (overrides: Partial<Category> = {}): Category => {
  counter += 1;
  return {
    version: 1,
    createdBy: null,
    updatedBy: null,
    _id: counter.toString(16).padStart(24, '0'),
    name: `Category ${counter}`,
    slug: `category-${counter}`,
    displayName: '',
    description: '',
    featured: false,
    status: 'active',
    order: counter,
    postCount: 0,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
};

export const postList = (blogs: BlogPost[]) => ({
  blogs,
  totalItems: blogs.length,
  totalPages: 1,
  currentPage: 1,
});

export const makeTestimonial = (overrides: Partial<Testimonial> = {}): Testimonial => {
  counter += 1;
  const testimonial: Omit<Testimonial, 'contentHtml'> & Partial<Testimonial> = {
    version: 1,
    createdBy: null,
    updatedBy: null,
    _id: counter.toString(16).padStart(24, '0'),
    name: `Client ${counter}`,
    company: `Company ${counter}`,
    content: `Great work ${counter}`,
    rating: 5,
    status: 'approved',
    featured: false,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
  return { contentHtml: html(testimonial.content), ...testimonial };
};

export const makeFaq = (overrides: Partial<Faq> = {}): Faq => {
  counter += 1;
  const faq: Omit<Faq, 'answerHtml'> & Partial<Faq> = {
    version: 1,
    createdBy: null,
    updatedBy: null,
    _id: counter.toString(16).padStart(24, '0'),
    question: `Question ${counter}?`,
    answer: `Answer ${counter}`,
    category: 'general',
    tags: [],
    status: 'active',
    order: counter,
    featured: false,
    views: 0,
    helpful: 0,
    notHelpful: 0,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
  return { answerHtml: html(faq.answer), ...faq };
};

export const faqList = (data: Faq[]) => ({
  data,
  pagination: { page: 1, limit: 100, total: data.length, totalPages: 1 },
});

export const testimonialList = (testimonials: Testimonial[]) => ({
  testimonials,
  totalItems: testimonials.length,
  totalPages: 1,
  currentPage: 1,
});

export const makeProject = (overrides: Partial<PortfolioProject> = {}): PortfolioProject => {
  counter += 1;
  const project: Omit<PortfolioProject, 'contentHtml'> & Partial<PortfolioProject> = {
    version: 1,
    createdBy: null,
    updatedBy: null,
    _id: counter.toString(16).padStart(24, '0'),
    slug: `project-${counter}`,
    title: `Project ${counter}`,
    client: `Client ${counter}`,
    category: 'Web Development',
    description: `Description ${counter}`,
    shortDescription: `Short ${counter}`,
    image: `/images/demo/project-${(counter % 10) + 1}.svg`,
    technologies: [],
    tags: [],
    demoUrl: '',
    githubUrl: '',
    completedAt: '2023-06-30T00:00:00Z',
    featured: false,
    status: 'published',
    images: [],
    publishAt: null,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
    ...overrides,
  };
  return { contentHtml: html(project.description), ...project };
};

export const projectList = (projects: PortfolioProject[], page = 1, totalPages = 1) => ({
  projects,
  totalItems: projects.length,
  totalPages,
  currentPage: page,
});

export const technologyList = (names: Record<string, string>) => ({
  data: Object.entries(names).map(([_id, name]) => ({
    _id,
    name,
    description: '',
    category: 'frontend',
    icon: '',
    color: '',
    website: '',
    status: 'active',
    featured: false,
    order: 0,
    usageCount: 0,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: '2024-01-01T00:00:00Z',
  })),
});
