import { t } from '@atelier/messages/intl';
import { Icon } from '@atelier/ui/icon';
import { faHandshake } from '@fortawesome/free-solid-svg-icons/faHandshake';
import { faMicrochip } from '@fortawesome/free-solid-svg-icons/faMicrochip';
import { faPuzzlePiece } from '@fortawesome/free-solid-svg-icons/faPuzzlePiece';
import { useHomeSection } from '@/hooks/use-home-page';

/** The features' icons, in order; a feature past the last takes them again from the first. */
export const ICONS = [faMicrochip, faHandshake, faPuzzlePiece];

/** Three selling points; hidden on small screens. */
export function FeaturesStrip() {
  const features = useHomeSection('features');
  if (!features.visible || features.items.length === 0) return null;
  return (
    <section
      aria-label={t('home.features', { siteName: 'Atelier' })}
      className="hidden bg-white py-12 md:block"
    >
      <div className="mx-auto grid max-w-7xl grid-cols-3 gap-8 px-4 sm:px-6 lg:px-8">
        {features.items.map((feature, index) => (
          <div
            key={`${feature.title}-${feature.text}`}
            className="flex items-start gap-4 rounded-xl p-6 shadow-sm"
          >
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-blue-100 text-blue-600">
              <Icon icon={ICONS[index % ICONS.length] ?? faMicrochip} aria-hidden="true" />
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
