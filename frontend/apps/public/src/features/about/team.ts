/** The people shown on the about page (static, like the rest of its text). */
export const TEAM = [
  { name: 'Maya Chen', role: 'Founder & Lead Engineer', image: '/images/demo/team-1.svg' },
  { name: 'Daniel Okafor', role: 'Head of Design', image: '/images/demo/team-2.svg' },
  { name: 'Sofia Rossi', role: 'Mobile Lead', image: '/images/demo/team-3.svg' },
  { name: 'Liam Novak', role: 'Backend Engineer', image: '/images/demo/team-4.svg' },
  { name: 'Aisha Rahman', role: 'Product Manager', image: '/images/demo/team-5.svg' },
  { name: 'Jonas Berg', role: 'SEO Specialist', image: '/images/demo/team-6.svg' },
] as const;
