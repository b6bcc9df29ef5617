import type { ReactNode } from 'react';
import { BrandMark } from '@/components/brand-mark';

/** The sign-in pages' frame: the brand, a title and a line under it, on the dark backdrop. */
export function AuthCard({
  title,
  lead,
  flat = false,
  children,
}: {
  title: string;
  lead: ReactNode;
  /** The children follow the lead as they are (each with its own spacing), not in one block. */
  flat?: boolean;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-900 via-blue-950 to-slate-800 px-4 py-12">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl sm:p-10">
        <div className="flex justify-center">
          <BrandMark />
        </div>
        <h1 className="mt-6 text-center text-2xl font-bold text-gray-900">{title}</h1>
        <p className="mt-2 text-center text-sm text-gray-600">{lead}</p>
        {flat ? children : <div className="mt-6">{children}</div>}
      </div>
    </main>
  );
}
