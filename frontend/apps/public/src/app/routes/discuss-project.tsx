import { t } from '@atelier/messages/intl';
import { PageHero } from '@/components/page-hero';
import { ContactPanel } from '@/features/project-request/components/contact-panel';
import { ProcessSteps } from '@/features/project-request/components/process-steps';
import { ProjectRequestForm } from '@/features/project-request/components/project-request-form';
import { useSubmitProjectRequest } from '@/features/project-request/hooks/use-submit-project-request';

/** /discuss-project: the project request form (Get a Quote). */
export function DiscussProjectRoute() {
  const submit = useSubmitProjectRequest();
  return (
    <>
      <PageHero title={t('discussProject.title')}>{t('discussProject.intro')}</PageHero>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-3 lg:px-8">
        <div className="lg:col-span-2">
          <ProjectRequestForm submit={submit} />
        </div>
        <ContactPanel />
      </div>
      <ProcessSteps />
    </>
  );
}
