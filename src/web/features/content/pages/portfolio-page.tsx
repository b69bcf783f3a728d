import { t } from '../../../lib/i18n.ts';
// Static portfolio page of spec section 1: About, Skills percentage bars and three
// showcase links about the site's (fictional) developer. Link targets are placeholders.

const developer = {
  name: 'Jordan Avery',
  role: 'Full-stack web developer',
  email: 'developer@agritools.example',
  location: 'Remote, working with teams across Europe and South Asia',
};

const skills = [
  { name: 'TypeScript', level: 90 },
  { name: 'React', level: 90 },
  { name: 'Node.js and Fastify', level: 85 },
  { name: 'HTML and accessible CSS', level: 85 },
  { name: 'PostgreSQL and Drizzle ORM', level: 75 },
  { name: 'Testing with Vitest and Playwright', level: 80 },
  { name: 'Tailwind CSS and daisyUI', level: 80 },
];

const projects = [
  {
    title: 'AgriTools storefront',
    summary:
      'This web shop for a maker of farming tools: product catalogue, ordering with stock checks, customer reviews, profiles and an admin dashboard.',
    stack: 'React, TypeScript, Fastify, PostgreSQL',
  },
  {
    title: 'FieldLog crop journal',
    summary:
      'An offline-first progressive web app where smallholders record sowing, spraying and harvest dates and see yield per plot across seasons.',
    stack: 'React, IndexedDB, service workers',
  },
  {
    title: 'Co-op Market dashboard',
    summary:
      'A dashboard for a farmers’ cooperative that tracks member deliveries, daily produce prices and payouts, with exports for the accountant.',
    stack: 'Node.js, PostgreSQL, charts',
  },
];

export default function PortfolioPage() {
  return (
    <div className="bg-base-200 px-4 py-10 text-base-content sm:py-14">
      <div className="mx-auto grid max-w-4xl gap-8">
        <header>
          <h1 className="text-3xl font-bold sm:text-4xl">{t.portfolioTitle}</h1>
          <p className="mt-2 text-lg">
            {developer.name}, {developer.role}
          </p>
        </header>

        <section aria-labelledby="portfolio-about" className="card bg-base-100 shadow-sm">
          <div className="card-body gap-3 p-5 leading-relaxed sm:p-8">
            <h2 id="portfolio-about" className="card-title text-2xl text-primary">
              {t.portfolioAbout}
            </h2>
            <p>
              I am {developer.name}, a full-stack web developer who builds fast, accessible web applications
              from the database to the browser. I designed and built this AgriTools storefront: the React
              interface, the Fastify API, the PostgreSQL schema and the automated tests that keep it working.
            </p>
            <p>
              I have spent six years building shops, dashboards and tools for small businesses, and I like
              projects close to agriculture, where software has to work on a cheap phone and a slow connection
              in the middle of a field. I care about clear code, honest measurements and interfaces everyone
              can use.
            </p>
            <dl className="mt-2 grid gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-6">
              <dt className="font-semibold">{t.email}</dt>
              <dd>
                <a className="link link-primary break-all" href={`mailto:${developer.email}`}>
                  {developer.email}
                </a>
              </dd>
              <dt className="font-semibold">{t.location}</dt>
              <dd>{developer.location}</dd>
            </dl>
          </div>
        </section>

        <section aria-labelledby="portfolio-skills" className="card bg-base-100 shadow-sm">
          <div className="card-body gap-4 p-5 sm:p-8">
            <h2 id="portfolio-skills" className="card-title text-2xl text-primary">
              {t.portfolioSkills}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 sm:gap-x-8">
              {skills.map((skill) => (
                <li key={skill.name} className="grid gap-1">
                  <span className="flex justify-between gap-2 font-medium">
                    <span>{skill.name}</span>
                    <span>{skill.level}%</span>
                  </span>
                  <progress
                    className="progress progress-primary h-3 w-full"
                    value={skill.level}
                    max={100}
                    aria-label={`${skill.name} ${skill.level}%`}
                  />
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="portfolio-showcase" className="grid gap-4">
          <h2 id="portfolio-showcase" className="text-2xl font-bold text-primary">
            {t.portfolioShowcase}
          </h2>
          <ul className="grid gap-4 md:grid-cols-3">
            {projects.map((project) => (
              <li key={project.title} className="card bg-base-100 shadow-sm">
                <div className="card-body gap-3 p-5">
                  <h3 className="card-title text-lg">{project.title}</h3>
                  <p className="leading-relaxed">{project.summary}</p>
                  <p className="text-sm font-medium">{project.stack}</p>
                  <div className="card-actions mt-auto">
                    <a href="#" className="link link-primary font-semibold">
                      View the {project.title} project
                    </a>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
