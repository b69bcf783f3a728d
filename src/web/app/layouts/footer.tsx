import { COMPANY_NAME, COPYRIGHT_YEAR } from '../../../shared/constants.ts';
import { digits, t } from '../../lib/i18n.ts';
import { FacebookIcon, LinkedInIcon, XIcon } from '../../components/ui/icons.tsx';

// Footer of spec section 2: company, tagline, copyright 2022, three social links with placeholder targets.
const socials = [
  { label: () => t.companyOnFacebook, Icon: FacebookIcon },
  { label: () => t.companyOnX, Icon: XIcon },
  { label: () => t.companyOnLinkedIn, Icon: LinkedInIcon },
];

export function Footer() {
  return (
    <footer className="bg-neutral text-neutral-content">
      <div className="footer footer-center mx-auto max-w-7xl gap-4 p-8">
        <aside className="grid gap-1">
          <p className="text-lg font-bold">{COMPANY_NAME}</p>
          <p className="first-letter:uppercase">{t.footerTagline}</p>
          <p>{t.footerCopyright(digits(String(COPYRIGHT_YEAR)), COMPANY_NAME)}</p>
        </aside>
        <nav aria-label={t.socialMedia}>
          <ul className="flex gap-3">
            {socials.map(({ label, Icon }) => (
              <li key={label()}>
                <a
                  href="#"
                  aria-label={label()}
                  className="btn btn-circle btn-ghost btn-sm text-neutral-content"
                >
                  <Icon size={18} />
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
