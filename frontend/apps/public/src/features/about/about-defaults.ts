/** Built-in about text, shown while GET /content/about is not available. */
export const DEFAULT_ABOUT = {
  title: 'About Us',
  subtitle: 'A small studio of engineers and designers who care about craft.',
  description:
    'Atelier builds custom software, mobile apps and websites for businesses of all sizes. We pair senior engineers with product designers so that every project is useful, reliable and a pleasure to use.',
  mission:
    'To turn ideas into dependable digital products that help our clients grow, with honest advice and careful engineering.',
  vision:
    'A world where every business, large or small, has access to software built with the care of a craft workshop.',
  values: [
    'Craftsmanship - We sweat the details so our clients do not have to.',
    'Transparency - Clear estimates, open progress and honest trade-offs.',
    'Partnership - We measure success by the outcomes of the people we work with.',
    'Curiosity - We keep learning, and bring the best new ideas to every project.',
  ],
} as const;

/** A value is written 'Title - description': split at the first ' - '. */
export const splitValue = (value: string): { title: string; description: string } => {
  const separator = value.indexOf(' - ');
  if (separator === -1) return { title: value, description: '' };
  return { title: value.slice(0, separator), description: value.slice(separator + 3) };
};
