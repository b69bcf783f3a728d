// Bengali (bn-BD) for every key of messages.ts (docs/decisions/023), joined from the two files
// the web app loads separately (messages/shell.bn.ts first, messages/pages.bn.ts with the pages
// that need it); mails use it for customers who last used Bengali.
import type { Messages } from './i18n/dictionary.ts';
import { bnPageMessages } from './messages/pages.bn.ts';
import { bnShellMessages } from './messages/shell.bn.ts';

export const bnMessages = { ...bnShellMessages, ...bnPageMessages } as const satisfies Messages;
