import type { ReactNode } from 'react';
import { getLocale, t } from '../../../lib/i18n.ts';

// Static blog page of spec section 1: five developer Q&A articles about how this kind of
// site is built. Content only; nothing here talks to the API.

const searchExample = `interface Product {
  name: string;
  price: number;
  description: string;
}

function searchProducts(products: readonly Product[], query: string): Product[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [...products];
  return products.filter((p) => p.name.toLocaleLowerCase().includes(needle));
}

const products: Product[] = [
  { name: 'Garden Hoe', price: 24.5, description: 'Forged steel blade' },
  { name: 'Bow Rake', price: 21.9, description: '16 steel teeth' },
];

searchProducts(products, 'hoe'); // [{ name: 'Garden Hoe', ... }]

// Exact match (case-insensitive) on a large, often searched list:
const byName = new Map(products.map((p) => [p.name.toLocaleLowerCase(), p]));
byName.get('bow rake'); // { name: 'Bow Rake', ... }`;

interface Article {
  id: string;
  question: string;
  answer: ReactNode;
}

const articles: Article[] = [
  {
    id: 'react-performance',
    question: 'How will you improve the performance of a React application?',
    answer: (
      <>
        <p>
          Measure first. The React DevTools Profiler shows which components re-render and how long each commit
          takes, and Lighthouse or the browser&apos;s Performance panel shows what the user actually waits
          for: download, parsing, layout or network. Optimising without a measurement usually moves cost
          around instead of removing it.
        </p>
        <p>
          Then ship less JavaScript. Split the bundle by route with <code>React.lazy</code> and{' '}
          <code>Suspense</code> so a visitor to the home page does not download the admin dashboard, import
          only the icons and utilities you use, and compress and cache static assets. Images are often the
          heaviest part of a page: serve them at the displayed size, in a modern format or as SVG, and
          lazy-load those below the fold.
        </p>
        <p>
          Next, avoid needless rendering. Keep state as close as possible to the components that use it, so a
          keystroke in one form does not re-render the whole page. Use <code>memo</code>, <code>useMemo</code>{' '}
          and <code>useCallback</code> where the profiler shows an expensive subtree re-rendering with the
          same props (the React Compiler can add much of this for you). Give list items stable keys, and
          virtualise very long lists so only the visible rows exist in the DOM.
        </p>
        <p>
          Finally, treat data fetching as part of performance. A caching library such as TanStack Query
          removes duplicate requests, shows cached data instantly and refetches in the background, and
          starting requests early (in a route loader rather than after the first render) removes waterfalls.
        </p>
      </>
    ),
  },
  {
    id: 'state-management',
    question: 'What are the different ways to manage state in a React application?',
    answer: (
      <>
        <p>
          Start with local state. <code>useState</code> suits a simple value such as an input or an open
          modal, and <code>useReducer</code> suits state with several related fields and clear transitions.
          When two siblings need the same value, lift it to their nearest common parent and pass it down as
          props. Many values do not need state at all, because they can be derived from props or other state
          while rendering.
        </p>
        <p>
          For values that many distant components read and that change rarely (the signed-in user, the theme,
          the language) use the Context API, which avoids passing props through every level. Context is a
          delivery mechanism rather than a store: every consumer re-renders when the value changes, so it is a
          poor fit for fast-changing data. For large, frequently updated client state, a store such as Redux
          Toolkit, Zustand or Jotai lets components subscribe to just the slice they need.
        </p>
        <p>
          Two kinds of state deserve their own tools. Server state (products, orders, reviews) is a cache of
          data that lives elsewhere: TanStack Query or RTK Query handle loading, errors, caching and
          refetching far better than hand-written effects. URL state (the current page, filters, a search
          term) belongs in the router, so it survives a refresh and can be shared as a link. Form state is
          best left to a form library such as react-hook-form.
        </p>
      </>
    ),
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work?',
    answer: (
      <>
        <p>
          In JavaScript every object has an internal link, <code>[[Prototype]]</code>, to another object or to{' '}
          <code>null</code>. When you read a property the engine first looks on the object itself; if the
          property is missing it follows the link to the prototype, then to that object&apos;s prototype, and
          so on until it finds the property or reaches <code>null</code> and returns <code>undefined</code>.
          This chain of links is the prototype chain, and it is how objects share behaviour without copying
          it.
        </p>
        <p>
          You can create the link directly with <code>Object.create(proto)</code>, or with a constructor
          function: objects made with <code>new Tool()</code> get <code>Tool.prototype</code> as their
          prototype, so methods defined there are stored once and shared by every instance. The{' '}
          <code>class</code> syntax is a clearer way of writing the same thing: <code>extends</code> links{' '}
          <code>Child.prototype</code> to <code>Parent.prototype</code>, and <code>super</code> calls the
          parent&apos;s version of a method.
        </p>
        <p>
          Writing a property always creates or updates it on the object itself and never changes the
          prototype, so an instance can shadow a shared method without affecting others. Use{' '}
          <code>Object.getPrototypeOf(obj)</code> to inspect the chain and{' '}
          <code>Object.hasOwn(obj, key)</code> to tell own properties from inherited ones.
        </p>
      </>
    ),
  },
  {
    id: 'search-products',
    question:
      'You have an array of products with name, price and description. How will you search a product by name?',
    answer: (
      <>
        <p>
          For a partial, case-insensitive search, which is what a shop search box needs, normalise both the
          query and each name (trim and lower-case them) and keep the products whose name contains the query,
          using <code>Array.prototype.filter</code> with <code>String.prototype.includes</code>. Return the
          full list for an empty query, and never mutate the original array.
        </p>
        <pre
          tabIndex={0}
          aria-label="Code example: searching products by name"
          className="overflow-x-auto rounded-box bg-neutral p-4 text-sm leading-relaxed text-neutral-content"
        >
          <code>{searchExample}</code>
        </pre>
        <p>
          If you need only the first exact match, <code>find</code> stops as soon as it succeeds. A linear
          scan is fast enough for a few thousand items; for a large list that is searched often, build a{' '}
          <code>Map</code> keyed by the normalised name once and look names up in constant time. In a React
          component, derive the filtered list during render (wrapped in <code>useMemo</code> if the list is
          large) instead of copying it into separate state, and debounce the input when every keystroke
          triggers a request to the server.
        </p>
      </>
    ),
  },
  {
    id: 'unit-tests',
    question: 'Why are unit tests written?',
    answer: (
      <>
        <p>
          A unit test checks one small piece of code, such as a function, a hook or a component, in isolation
          and states what it must do. The first reason to write one is confidence: rules like &ldquo;quantity
          must be at least the minimum order and at most the stock&rdquo; are checked every time the code
          changes, in milliseconds, instead of by someone clicking through the shop before each release.
        </p>
        <p>
          Unit tests also make change safe. When you refactor or upgrade a library, a passing suite tells you
          the behaviour is the same; when a bug is found, a test that reproduces it keeps it from coming back.
          Because a failing unit test points at one small unit, it shows where the problem is much faster than
          a failing end-to-end test.
        </p>
        <p>
          Finally, tests are documentation that cannot go out of date, and writing them improves design: code
          that is hard to test usually has too many responsibilities or hidden dependencies. Unit tests do not
          replace integration and end-to-end tests, but they form the fast, wide base of the testing pyramid
          that the slower tests rest on.
        </p>
      </>
    ),
  },
];

export default function BlogsPage() {
  return (
    <div className="bg-base-200 px-4 py-10 text-base-content sm:py-14">
      <div className="mx-auto max-w-3xl">
        <header className="mb-8">
          <h1 className="text-3xl font-bold sm:text-4xl">{t.blogsTitle}</h1>
          <p className="mt-2 text-lg">{t.blogsIntro}</p>
          {getLocale() !== 'en' && (
            <p className="mt-1 text-sm text-base-content/70">{t.languageEnglishOnly}</p>
          )}
        </header>
        {/* The developer's articles exist in English only; lang tells screen readers so. */}
        <div className="grid gap-6" lang="en">
          {articles.map((article) => (
            <article
              key={article.id}
              aria-labelledby={`blog-${article.id}`}
              className="card min-w-0 bg-base-100 shadow-sm"
            >
              <div className="card-body gap-4 p-5 leading-relaxed sm:p-8">
                <h2 id={`blog-${article.id}`} className="card-title text-xl text-primary sm:text-2xl">
                  {article.question}
                </h2>
                {article.answer}
              </div>
            </article>
          ))}
        </div>
      </div>
    </div>
  );
}
