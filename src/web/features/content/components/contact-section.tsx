import { useId } from 'react';
import { TextField } from '../../../components/ui/form-field.tsx';
import { t } from '../../../lib/i18n.ts';

/**
 * Contact section (spec section 2): Name, Email, District and Message, and deliberately no
 * submit button and no call: the spec leaves the form unwired (section 7, "Contact form call: none").
 */
export function ContactSection() {
  const id = useId();
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
          <TextField id={`${id}-name`} label={t.name} name="name" autoComplete="name" />
          <TextField id={`${id}-email`} label={t.email} name="email" type="email" autoComplete="email" />
          <TextField
            id={`${id}-district`}
            label={t.district}
            name="district"
            autoComplete="address-level2"
            className="sm:col-span-2"
          />
          <TextField
            id={`${id}-message`}
            label={t.message}
            name="message"
            rows={5}
            className="sm:col-span-2"
          />
        </form>
      </div>
    </section>
  );
}
