import { Icon } from '@atelier/ui/icon';
import { faHandshake, faMicrochip, faPuzzlePiece } from '@fortawesome/free-solid-svg-icons';

const FEATURES = [
  {
    title: 'Cutting-Edge Technology',
    text: 'Modern, proven frameworks and cloud platforms chosen for performance and longevity.',
    icon: faMicrochip,
  },
  {
    title: 'Client-Centric Approach',
    text: 'Your goals lead every decision, with clear communication at every step.',
    icon: faHandshake,
  },
  {
    title: 'Seamless Integration',
    text: 'Solutions that fit the systems and workflows you already rely on.',
    icon: faPuzzlePiece,
  },
] as const;

/** Three selling points; hidden on small screens. */
export function FeaturesStrip() {
  return (
    <section aria-label="Why Atelier" className="hidden bg-white py-12 md:block">
      <div className="mx-auto grid max-w-7xl grid-cols-3 gap-8 px-4 sm:px-6 lg:px-8">
        {FEATURES.map((feature) => (
          <div key={feature.title} className="flex items-start gap-4 rounded-xl p-6 shadow-sm">
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-blue-100 text-blue-600">
              <Icon icon={feature.icon} aria-hidden="true" />
            </span>
            <div>
              <h2 className="font-semibold text-gray-900">{feature.title}</h2>
              <p className="mt-1 text-sm text-gray-600">{feature.text}</p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
