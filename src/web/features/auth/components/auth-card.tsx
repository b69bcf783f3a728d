import type { ReactNode } from 'react';
import { t } from '../../../lib/i18n.ts';

/** The centred card the Log In and Sign Up screens share (spec section 2). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex justify-center px-4 py-10 sm:py-16">
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-lg">
        <div className="card-body gap-4 p-6 sm:p-8">
          <h1 className="text-center text-2xl font-bold text-primary">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}

/** Section 8: the red 'Error: {message}' line under the form. */
export function ErrorLine({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm font-medium text-error">
      {t.errorLine(message)}
    </p>
  );
}
