import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { sent, server } from './msw.ts';
import { loadPageWords } from '../../src/web/lib/i18n.ts';

// findBy… waits for what the reader waits for (the products, the message); the first test of a file
// also pays for loading the page's code, which on a busy two-core machine has taken over the
// library's default second. The bound only limits how long a missing element is looked for.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  sent.length = 0;
  localStorage.clear();
});
afterAll(() => server.close());

// jsdom has no modal dialogs: opening one only marks it open (the confirm and profile modals).
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};

// Component tests render pages without the router, which loads the words of the pages outside
// the frame with their code (docs/decisions/023): load them once here.
await loadPageWords();
