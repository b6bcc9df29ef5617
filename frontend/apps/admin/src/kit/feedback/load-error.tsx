/** Why a screen's data could not be read, with a way to ask again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => unknown }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
      <p>{message}</p>
      <button
        type="button"
        onClick={() => void onRetry()}
        className="mt-3 rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-red-100"
      >
        Try again
      </button>
    </div>
  );
}
