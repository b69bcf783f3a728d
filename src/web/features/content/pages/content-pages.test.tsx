// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import BlogsPage from './blogs-page.tsx';
import PortfolioPage from './portfolio-page.tsx';

afterEach(() => cleanup());

describe('BlogsPage', () => {
  it('shows the five developer articles of the spec under the Blogs heading', () => {
    render(<BlogsPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Blogs' })).toBeInTheDocument();
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(5);

    const questions = articles.map(
      (article) => within(article).getByRole('heading', { level: 2 }).textContent,
    );
    const topics = [
      /performance of a React application/i,
      /ways to manage state in a React application/i,
      /prototypal inheritance/i,
      /search a product by name/i,
      /unit tests/i,
    ];
    topics.forEach((topic, i) => expect(questions[i]).toMatch(topic));
  });

  it('answers each question with at least two paragraphs', () => {
    render(<BlogsPage />);

    for (const article of screen.getAllByRole('article')) {
      expect(article.querySelectorAll('p').length).toBeGreaterThanOrEqual(2);
    }
  });

  it('includes a TypeScript code sample for searching products by name', () => {
    render(<BlogsPage />);

    const search = screen.getByRole('article', { name: /search a product by name/i });
    const code = search.querySelector('pre code');
    expect(code?.textContent).toMatch(/filter\(/);
    expect(code?.textContent).toMatch(/interface Product/);
  });
});

describe('PortfolioPage', () => {
  it('shows the My Portfolio heading with About and Skills sections', () => {
    render(<PortfolioPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'My Portfolio' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'About' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Skills' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'developer@agritools.example' }).getAttribute('href')).toBe(
      'mailto:developer@agritools.example',
    );
  });

  it('shows at least six labelled skill bars with percentages between 0 and 100', () => {
    render(<PortfolioPage />);

    const skills = screen.getByRole('region', { name: 'Skills' });
    const bars = within(skills).getAllByRole('progressbar');
    expect(bars.length).toBeGreaterThanOrEqual(6);
    for (const bar of bars) {
      const value = Number(bar.getAttribute('value'));
      expect(bar.getAttribute('max')).toBe('100');
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
      expect(bar.getAttribute('aria-label')).toMatch(new RegExp(`${value}%$`));
      // The percentage is also visible as text, not only in the bar.
      expect(within(bar.parentElement as HTMLElement).getByText(`${value}%`)).toBeInTheDocument();
    }
  });

  it('shows three showcase project links', () => {
    render(<PortfolioPage />);

    const showcase = screen.getByRole('region', { name: 'Showcase' });
    const links = within(showcase).getAllByRole('link');
    expect(links).toHaveLength(3);
    expect(links[0]?.textContent).toMatch(/AgriTools/);
    for (const link of links) expect(link.getAttribute('href')).toBe('#');
  });
});
