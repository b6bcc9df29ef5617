import { type MessageId, t } from '@atelier/messages/intl';

const STEPS: readonly { title: MessageId; text: MessageId }[] = [
  { title: 'process.consultation.title', text: 'process.consultation.text' },
  { title: 'process.proposal.title', text: 'process.proposal.text' },
  { title: 'process.development.title', text: 'process.development.text' },
  { title: 'process.delivery.title', text: 'process.delivery.text' },
];

/** What happens after a project request: the 4-step process. */
export function ProcessSteps() {
  return (
    <section aria-labelledby="process-heading" className="bg-gray-50 py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="process-heading" className="text-center text-3xl font-bold text-gray-900">
          {t('process.heading')}
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-white p-6 text-center shadow-sm">
              <span
                aria-hidden="true"
                className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-blue-600 text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-gray-900">{t(step.title)}</h3>
              <p className="mt-2 text-sm text-gray-600">{t(step.text)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
