/** The site's text inputs: a 16 px text so that phones do not zoom in when one takes focus. */
export const inputClass =
  'mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-200 disabled:bg-gray-50 aria-[invalid=true]:border-red-500';
