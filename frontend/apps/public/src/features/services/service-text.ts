import type { Service } from '@atelier/api-client/api';

/** A card shows at most this many features. */
export const MAX_FEATURES_PER_CARD = 3;

/** The card text: the short description, or the full description when it is empty. */
export const cardDescription = (service: Pick<Service, 'shortDescription' | 'description'>) =>
  service.shortDescription?.trim() ? service.shortDescription : service.description;

/** A service's features, blank ones left out. */
export const serviceFeatures = (service: Pick<Service, 'features'>) =>
  (service.features ?? []).filter((feature) => feature.trim() !== '');

/** The features a card shows: the first three, or all of them (the services page). */
export const cardFeatures = (service: Pick<Service, 'features'>, all = false) =>
  all ? serviceFeatures(service) : serviceFeatures(service).slice(0, MAX_FEATURES_PER_CARD);

/** Active services in ascending `order`, as the site shows them. */
export const activeInOrder = (services: readonly Service[]) =>
  services.filter((service) => service.status === 'active').toSorted((a, b) => a.order - b.order);
