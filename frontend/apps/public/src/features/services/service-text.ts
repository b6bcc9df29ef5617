import type { Service } from '@atelier/api-client/api';

/** A card shows at most this many features. */
export const MAX_FEATURES_PER_CARD = 3;

/**
 * The card text as the server rendered it: the short description, or the full description when
 * the short one is empty.
 */
export const cardDescriptionHtml = (
  service: Pick<Service, 'shortDescription' | 'shortDescriptionHtml' | 'descriptionHtml'>,
) => (service.shortDescription?.trim() ? service.shortDescriptionHtml : service.descriptionHtml);

/** A service's features (blank ones left out), each with the server's rendering. */
export const serviceFeatures = (service: Pick<Service, 'features' | 'featuresHtml'>) =>
  (service.features ?? [])
    .map((text, index) => ({ text, html: service.featuresHtml?.[index] ?? '' }))
    .filter((feature) => feature.text.trim() !== '');

/** The features a card shows: the first three, or all of them (the services page). */
export const cardFeatures = (service: Pick<Service, 'features' | 'featuresHtml'>, all = false) =>
  all ? serviceFeatures(service) : serviceFeatures(service).slice(0, MAX_FEATURES_PER_CARD);

/** Active services in ascending `order`, as the site shows them. */
export const activeInOrder = (services: readonly Service[]) =>
  services.filter((service) => service.status === 'active').toSorted((a, b) => a.order - b.order);
