import { ComingSoon } from '../../components/coming-soon';

// Routes whose sections are not built yet (public-site.md §2). Each keeps its real title.

export const AboutRoute = () => (
  <ComingSoon
    title="About Us"
    description="Our mission, vision, values and the team behind them."
  />
);

export const PortfolioRoute = () => (
  <ComingSoon title="Our Portfolio" description="Projects we have designed, built and launched." />
);

export const ProjectRoute = () => (
  <ComingSoon
    title="Project Details"
    description="The story, technology and results of a project."
  />
);

export const BlogRoute = () => (
  <ComingSoon title="Our Blog" description="Insights on software, design and digital growth." />
);

export const BlogPostRoute = () => (
  <ComingSoon title="Blog Post" description="Insights on software, design and digital growth." />
);

export const ContactRoute = () => (
  <ComingSoon
    title="Contact Us"
    description="Questions, ideas or feedback: we would love to hear from you."
  />
);

export const DiscussProjectRoute = () => (
  <ComingSoon
    title="Discuss Your Project"
    description="Tell us about your project and get a quote."
  />
);

export const CustomServiceRoute = () => (
  <ComingSoon title="Custom Services" description="Solutions shaped around your business." />
);

export const FaqRoute = () => (
  <ComingSoon
    title="Frequently Asked Questions"
    description="Answers to the questions we hear most."
  />
);

export const PrivacyPolicyRoute = () => (
  <ComingSoon
    title="Privacy Policy"
    description="How we collect, use and protect your information."
  />
);

export const TermsOfServiceRoute = () => (
  <ComingSoon
    title="Terms of Service"
    description="The terms that apply when you use our site and services."
  />
);

export const CookiePolicyRoute = () => (
  <ComingSoon title="Cookie Policy" description="How and why we use cookies." />
);
