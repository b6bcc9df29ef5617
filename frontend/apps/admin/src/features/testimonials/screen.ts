import { getListTestimonialsQueryOptions, type TestimonialList } from '@atelier/api-client/api';
import { faCommentDots } from '@fortawesome/free-solid-svg-icons';
import { activitySource } from '@/kit/screens/activity';
import { defineScreen } from '@/kit/screens/screen';

/** The Testimonials screen as the registry lists it. */
export const testimonialsScreen = defineScreen({
  path: 'testimonials',
  label: 'Testimonials',
  title: 'Testimonials Management',
  icon: faCommentDots,
  summary: 'Approve, feature and edit what clients say about the agency.',
  load: () => import('./testimonials-screen'),
  activity: activitySource({
    kind: 'testimonial',
    label: 'Testimonial',
    count: 3,
    query: getListTestimonialsQueryOptions({ limit: 1000 }),
    records: (data?: TestimonialList) => data?.testimonials,
    title: (row) => `${row.name}, ${row.company}`,
    link: (row) => `/testimonials/edit/${row._id}`,
  }),
  audit: [{ value: 'testimonials', label: 'Testimonials' }],
});
