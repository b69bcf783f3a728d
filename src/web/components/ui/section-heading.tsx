import type { ReactNode } from 'react';

/** The heading block every home section opens with. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
}: {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'left';
}) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-xl'}>
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-accent">{eyebrow}</p>}
      <h2 id={id} className="mt-1 text-3xl font-bold tracking-tight text-base-content sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-3 text-base-content/75">{children}</p>}
    </div>
  );
}
