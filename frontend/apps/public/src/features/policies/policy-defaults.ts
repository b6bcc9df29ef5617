export type PolicyKey = 'privacy' | 'terms' | 'cookies';

export interface PolicyContent {
  /** The language of a stored page's text (its answer's `language`); absent for the built-in. */
  language?: string | null;
  title: string;
  subtitle: string;
  /**
   * The text as sanitised HTML. The built-in texts below were written in markdown and rendered
   * once by the server's renderer; the server's own pages carry theirs in `contentHtml`.
   */
  contentHtml: string;
  lastUpdated: string;
}

/** Shown when the server has no text for the page (public-site.md §2: 'Last updated' March 15, 2024). */
export const DEFAULT_LAST_UPDATED = '2024-03-15T00:00:00Z';

export const DEFAULT_POLICIES: Readonly<Record<PolicyKey, PolicyContent>> = {
  privacy: {
    title: 'Privacy Policy',
    subtitle: 'How we collect, use and protect your information.',
    lastUpdated: DEFAULT_LAST_UPDATED,
    contentHtml: `<h2>Information we collect</h2>
<p>We collect the information you give us when you contact us or request a quote: your name, company, email address, phone number and the details of your project. We do not collect payment details on this website.</p>
<h2>How we use it</h2>
<ul>
<li>To answer your messages and prepare proposals.</li>
<li>To deliver and support the services you ask us for.</li>
<li>To improve this website, using aggregated statistics only.</li>
</ul>
<p>We never sell your personal information.</p>
<h2>How long we keep it</h2>
<p>Messages and project requests are kept for as long as needed to answer them and for the duration of any resulting engagement, then deleted or anonymised.</p>
<h2>Your rights</h2>
<p>You may ask to see, correct or delete the personal information we hold about you. Write to us at the address on our contact page.</p>
<h2>Contact</h2>
<p>Questions about this policy are welcome through our contact page.</p>
`,
  },
  terms: {
    title: 'Terms of Service',
    subtitle: 'The terms that apply when you use our site and services.',
    lastUpdated: DEFAULT_LAST_UPDATED,
    contentHtml: `<h2>Using this website</h2>
<p>The content of this website is for general information. You may browse it, share links to it and contact us through it. You may not misuse it, for example by trying to disrupt it or to access parts of it that are not public.</p>
<h2>Quotes and projects</h2>
<p>A quote or proposal is not a contract. Each project is governed by the written agreement we sign with the client, which takes precedence over these terms.</p>
<h2>Intellectual property</h2>
<p>The text, images and design of this website belong to Atelier unless stated otherwise. Client work shown in the portfolio is presented with permission.</p>
<h2>Liability</h2>
<p>We take care to keep this website accurate and available, but we cannot guarantee that it is always complete, current or free of interruptions.</p>
<h2>Changes</h2>
<p>We may update these terms from time to time. The date below shows the latest version.</p>
`,
  },
  cookies: {
    title: 'Cookie Policy',
    subtitle: 'How and why we use cookies.',
    lastUpdated: DEFAULT_LAST_UPDATED,
    contentHtml: `<h2>What cookies are</h2>
<p>Cookies are small files a website stores in your browser so that it can remember something between visits.</p>
<h2>Cookies we use</h2>
<p>This public website does not set advertising or tracking cookies. It stores only what it needs to work, such as your session when an administrator signs in.</p>
<h2>Third parties</h2>
<p>We do not load content from other websites, so no third party sets cookies through our pages.</p>
<h2>Managing cookies</h2>
<p>You can delete cookies or block them in your browser settings at any time; the public pages keep working without them.</p>
`,
  },
};
