import { OTHER_SERVICES } from '../../../../shared/constants.ts';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { t } from '../../../lib/i18n.ts';
import type { IconComponent } from '../../../components/ui/icon.tsx';
import { CloudSunRainIcon, CowIcon, MicrochipIcon, SeedlingIcon } from '../../../components/ui/icons.tsx';

type Service = (typeof OTHER_SERVICES)[number];

const details: Record<Service, { Icon: IconComponent; name: () => string; text: () => string }> = {
  'IoT based farming': {
    Icon: MicrochipIcon,
    name: () => t.serviceIot,
    text: () => t.serviceIotText,
  },
  'Climate Solution': {
    Icon: CloudSunRainIcon,
    name: () => t.serviceClimate,
    text: () => t.serviceClimateText,
  },
  'Cattle Housing': {
    Icon: CowIcon,
    name: () => t.serviceCattle,
    text: () => t.serviceCattleText,
  },
  'Green House Setup': {
    Icon: SeedlingIcon,
    name: () => t.serviceGreenhouse,
    text: () => t.serviceGreenhouseText,
  },
};

/** Our Other Services (spec section 2): four static cards; 'See more' is a label with no action. */
export function ServicesSection() {
  return (
    <section aria-labelledby="services-title" className="bg-base-100">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-20">
        <SectionHeading id="services-title" eyebrow={t.servicesEyebrow} title={t.ourOtherServices}>
          {t.servicesIntro}
        </SectionHeading>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {OTHER_SERVICES.map((service) => {
            const { Icon, name, text } = details[service];
            return (
              <li key={service} className="card border border-base-300 bg-base-100 shadow-sm">
                <div className="card-body gap-3 p-6">
                  <span className="grid size-12 place-items-center rounded-box bg-primary/10 text-primary">
                    <Icon size={24} />
                  </span>
                  <h3 className="card-title text-lg">{name()}</h3>
                  <p className="text-sm leading-relaxed text-base-content/75">{text()}</p>
                  <span className="mt-auto font-semibold text-primary">{t.seeMore}</span>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
