import { useId } from 'react';
import { t } from '../../../lib/i18n.ts';

/**
 * Contact section (spec section 2): Name, Email, District and Message, and deliberately no
 * submit button and no call: the spec leaves the form unwired (section 7, "Contact form call: none").
 */
export function ContactSection() {
  const id = useId();
  const field = 'input w-full';
  const label = 'mb-1 block text-sm font-medium';
  return (
    <section id="contact" aria-labelledby="contact-title" className="scroll-mt-20 bg-base-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-5 lg:py-20">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent">{t.contactEyebrow}</p>
          <h2 id="contact-title" className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">
            {t.contactTitle}
          </h2>
          <p className="mt-4 text-base-content/75">{t.contactIntro}</p>
        </div>
        <form
          aria-labelledby="contact-title"
          className="card grid gap-4 border border-base-300 bg-base-100 p-6 shadow-sm sm:grid-cols-2 lg:col-span-3"
          onSubmit={(event) => event.preventDefault()}
        >
          <div>
            <label htmlFor={`${id}-name`} className={label}>
              {t.name}
            </label>
            <input id={`${id}-name`} name="name" autoComplete="name" className={field} />
          </div>
          <div>
            <label htmlFor={`${id}-email`} className={label}>
              {t.email}
            </label>
            <input id={`${id}-email`} name="email" type="email" autoComplete="email" className={field} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={`${id}-district`} className={label}>
              {t.district}
            </label>
            <input id={`${id}-district`} name="district" autoComplete="address-level2" className={field} />
          </div>
          <div className="sm:col-span-2">
            <label htmlFor={`${id}-message`} className={label}>
              {t.message}
            </label>
            <textarea id={`${id}-message`} name="message" rows={5} className="textarea w-full" />
          </div>
        </form>
      </div>
    </section>
  );
}
