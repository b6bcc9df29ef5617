//! The conflict view's shared class names.

const button =
  'rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';
export const primary = `${button} bg-blue-600 text-white hover:bg-blue-700 disabled:cursor-not-allowed disabled:bg-blue-300`;
export const secondary = `${button} border border-gray-300 bg-white text-gray-800 hover:bg-gray-50`;
export const sideLabel = 'mb-1 flex items-center gap-1.5 text-xs font-semibold text-gray-700';
export const small =
  'rounded-md border border-gray-300 bg-white px-2.5 py-1 text-xs font-semibold text-gray-800 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';
