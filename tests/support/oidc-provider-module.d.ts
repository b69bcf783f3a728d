// oidc-provider ships no types; this is the little of its API tests/support/oidc-provider.ts uses.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  export interface ProviderAccount {
    accountId: string;
    claims(): Promise<Record<string, unknown>> | Record<string, unknown>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    proxy: boolean;
    listen(port: number, host?: string, callback?: () => void): Server;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
