// Every user-visible string of the specification (sections 2, 5 and 8), verbatim,
// odd spellings included ('Forgot Pasword?', 'withing', 'Faild'), and the shop's own words.
// Import from here (the server, mails, schemas, tests); tests assert these exact values.
// The words live in two files so the web app's first page loads only its own
// (docs/decisions/023): messages/shell.ts (the frame and the first pages) and
// messages/pages.ts (everything else). Every key needs its Bengali (messages/*.bn.ts): the type
// check and messages.parity.test.ts fail otherwise.
import { pageMessages } from './messages/pages.ts';
import { shellMessages } from './messages/shell.ts';

export const messages = { ...shellMessages, ...pageMessages } as const;
