import { PolicyPage } from '@/features/policies/components/policy-page';

export const PrivacyPolicyRoute = () => <PolicyPage policy="privacy" />;
export const TermsOfServiceRoute = () => <PolicyPage policy="terms" />;
export const CookiePolicyRoute = () => <PolicyPage policy="cookies" />;
