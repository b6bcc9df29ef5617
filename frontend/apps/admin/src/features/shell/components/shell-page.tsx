import { useLocation } from 'react-router';

/** Placeholder until the sign-in and dashboard arrive. */
export function ShellPage() {
  const { pathname } = useLocation();
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div className="w-full max-w-md rounded-2xl bg-white p-10 text-center shadow-lg">
        <h1 className="text-2xl font-bold text-gray-900">Atelier back office</h1>
        <p className="mt-3 text-gray-600">Atelier back office — sign-in arrives soon.</p>
        <p className="mt-6 text-xs text-gray-400">
          Requested page: <code data-testid="admin-path">{pathname}</code>
        </p>
        <a href="/" className="mt-6 inline-block text-sm font-medium text-blue-600 hover:underline">
          Back to the website
        </a>
      </div>
    </main>
  );
}
