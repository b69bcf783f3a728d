import { ContactSection } from '../../features/content/components/contact-section.tsx';
import { HeroBanner } from '../../features/content/components/hero-banner.tsx';
import { ProductsSection } from '../../features/products/components/products-section.tsx';
import { ReviewsSection } from '../../features/reviews/components/reviews-section.tsx';
import { ServicesSection } from '../../features/content/components/services-section.tsx';
import { StatisticsBand } from '../../features/content/components/statistics-band.tsx';

/**
 * The home page of spec section 2, sections in the spec's order. Kept lean: no form library
 * (the contact form has no submit) and the carousel loads on its own once reviews arrive.
 */
export default function HomePage() {
  return (
    <>
      <HeroBanner />
      <ProductsSection />
      <StatisticsBand />
      <ReviewsSection />
      <ServicesSection />
      <ContactSection />
    </>
  );
}
