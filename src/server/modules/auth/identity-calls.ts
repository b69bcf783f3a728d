import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

type Storage = { disable(): void };

let storages: Promise<Storage[]> | undefined;
let inFlight = 0;

/**
 * Better Auth keeps each call's context in three `AsyncLocalStorage`s, one per process. Before
 * Node 24 an `AsyncLocalStorage` rests on async hooks: the first identity call switches them on
 * for the whole process, and from then on every promise of every request, a cached catalogue
 * read too, costs more (about a sixth of that read's CPU; docs/decisions/015). Every call the
 * shop makes into the identity layer goes through `identityCall`, which switches the storages
 * off again when the last call in flight has finished, so the hooks are on only while one runs.
 *
 * Nothing of a finished call runs later: the shop gives Better Auth no background-task handler,
 * so it awaits its mails and database hooks within the call. A call that never finished would
 * leave the hooks on (the old cost), never a call without its context.
 */
export async function identityCall<T>(call: () => Promise<T>): Promise<T> {
  const contexts = await (storages ??= Promise.all([
    getRequestStateAsyncLocalStorage(),
    // Deprecated as a way to read the context; still the one way to reach its storage.
    getCurrentAuthContextAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]));
  inFlight += 1;
  try {
    return await call();
  } finally {
    inFlight -= 1;
    // Checked and done in the same tick: a call starting later enables its storage again.
    if (inFlight === 0) for (const storage of contexts) storage.disable();
  }
}
