import type { HomePage, HomeSection, HomeSectionKey } from '@atelier/api-client/api';

const section = (
  key: HomeSectionKey,
  order: number,
  parts: Partial<HomeSection> = {},
): HomeSection => ({
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
  ...parts,
});

/**
 * The home page's original texts (the server's `initial_home_page`): what the page shows before the
 * home page record arrives, and when it cannot be read. The owner changes them on the back office's
 * Home page screen.
 */
export const HOME_DEFAULTS: HomePage = {
  version: 1,
  createdBy: null,
  updatedBy: null,
  _id: '',
  hero: {
    title: 'Innovative Software Solutions for Your Business',
    subtitle:
      'We design and build custom software, mobile apps and websites that help businesses of every size grow, with thoughtful UI/UX and search visibility built in from day one.',
    links: [
      { label: 'Our Services', target: '#services' },
      { label: 'Contact Us', target: '#contact' },
    ],
    trustedBy: 'Trusted by businesses across industries',
  },
  sections: [
    section('features', 1, {
      items: [
        {
          title: 'Cutting-Edge Technology',
          text: 'Modern, proven frameworks and cloud platforms chosen for performance and longevity.',
        },
        {
          title: 'Client-Centric Approach',
          text: 'Your goals lead every decision, with clear communication at every step.',
        },
        {
          title: 'Seamless Integration',
          text: 'Solutions that fit the systems and workflows you already rely on.',
        },
      ],
    }),
    section('about', 2, {
      note: { title: 'Ready to Transform Your Business?', text: '' },
      links: [{ label: 'Explore Our Services', target: '#services' }],
    }),
    section('services', 3, {
      heading: 'Our Services',
      subheading:
        'From first idea to launch and beyond: the expertise your product needs, under one roof.',
      links: [
        { label: 'Request Custom Service', target: '/discuss-project' },
        { label: 'View All Services', target: '/services' },
      ],
    }),
    section('portfolio', 4, {
      heading: 'Our Portfolio',
      subheading: 'A selection of products we have designed, built and launched with our clients.',
      links: [{ label: 'View All Projects', target: '/portfolio' }],
    }),
    section('blog', 5, {
      heading: 'Latest from Our Blog',
      subheading: 'Ideas, lessons and news from the people building your software.',
      links: [{ label: 'View All Posts', target: '/blog' }],
    }),
    section('testimonials', 6, {
      heading: 'What Our Clients Say',
      subheading: 'Honest words from the people we have built software with.',
    }),
    section('why-choose-us', 7, {
      heading: 'Why Choose Us',
      subheading: 'Six reasons clients keep coming back.',
      items: [
        {
          title: 'Experienced Team',
          text: 'Senior engineers and designers who have shipped products in many industries.',
        },
        {
          title: 'Agile Delivery',
          text: 'Short iterations and a working demo every two weeks, so you see progress early.',
        },
        {
          title: 'Quality First',
          text: 'Code review, automated tests and accessibility checks on everything we ship.',
        },
        {
          title: 'Transparent Communication',
          text: 'One point of contact, open boards and honest estimates from day one.',
        },
        {
          title: 'Tailored Solutions',
          text: 'Software shaped around your processes instead of the other way around.',
        },
        {
          title: 'Ongoing Support',
          text: 'Maintenance, monitoring and improvements long after launch.',
        },
      ],
    }),
    section('faq', 8, {
      heading: 'Frequently Asked Questions',
      subheading: 'Quick answers to the questions we hear most.',
      links: [{ label: 'View All FAQs', target: '/faq' }],
    }),
    section('contact', 9, {
      heading: "Let's Work Together",
      subheading: 'Tell us where you want to go; we will help you get there.',
      items: [
        { title: 'Contact Us', text: 'Send us a message' },
        { title: 'Call Us', text: '' },
        { title: 'Book Now', text: 'Plan your project with us' },
      ],
    }),
    section('why-hire', 10, {
      heading: 'Why Hire Our Company',
      subheading: 'A partner that combines craft, speed and accountability.',
      items: [
        { title: 'Proven Track Record', text: 'Hundreds of projects delivered for happy clients.' },
        {
          title: 'On-Time Delivery',
          text: '95% of our projects ship on or before the agreed date.',
        },
        {
          title: 'Clean, Modern Code',
          text: 'Maintainable software your next team will thank you for.',
        },
        { title: 'Security Built In', text: 'Secure defaults, reviews and audits at every step.' },
        {
          title: 'Measurable Results',
          text: 'We agree on goals up front and report against them.',
        },
        {
          title: 'Long-Term Partnership',
          text: 'We stay with you after launch as your product grows.',
        },
      ],
      figures: [
        { value: 98, suffix: '%', label: 'Client Satisfaction' },
        { value: 250, suffix: '+', label: 'Projects Delivered' },
        { value: 15, suffix: '+', label: 'Industry Solutions' },
        { value: 8, suffix: '+', label: 'Years Average Experience' },
      ],
      note: {
        title: '95% on-time delivery',
        text: 'across every project in the last three years.',
      },
      stepsHeading: 'How We Work',
      steps: ['Discovery', 'Planning', 'Design', 'Development', 'Testing', 'Launch & Support'],
      links: [
        { label: 'Start Your Project', target: '/discuss-project' },
        { label: 'View Our Work', target: '/portfolio' },
      ],
    }),
  ],
  footerServices: [
    'Mobile App Development',
    'Web Development',
    'UI/UX Design',
    'SEO Services',
    'Custom Software',
  ],
  createdAt: '',
  updatedAt: '',
};
