import { createHash } from 'node:crypto';

// A thin client of SSLCommerz's v4 API (https://developer.sslcommerz.com/doc/v4/) with a
// configurable base URL, so tests and development point it at the local gateway simulator
// (tests/support/sslcommerz-simulator.ts) and production at the real gateway.

export interface SslcommerzConfig {
  baseUrl: string;
  storeId: string;
  storePassword: string;
}

export interface SessionRequest {
  tranId: string;
  /** Decimal string with two places, e.g. "59.97". */
  amount: string;
  currency: string;
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string;
  customer: { name: string; email: string; phone: string; address: string; city: string };
  productName: string;
  items: number;
}

export interface Validation {
  status: string;
  tran_id?: string;
  val_id?: string;
  amount?: string;
  currency?: string;
  currency_type?: string;
  currency_amount?: string;
  risk_level?: string;
  [key: string]: unknown;
}

const TIMEOUT_MS = 15_000;

export function createSslcommerzClient(config: SslcommerzConfig) {
  const base = config.baseUrl.replace(/\/$/, '');
  return {
    /** Starts a hosted-checkout session; answers the page to send the buyer to. */
    async startSession(request: SessionRequest): Promise<{ gatewayPageUrl: string; sessionKey: string }> {
      const form = new URLSearchParams({
        store_id: config.storeId,
        store_passwd: config.storePassword,
        total_amount: request.amount,
        currency: request.currency,
        tran_id: request.tranId,
        success_url: request.successUrl,
        fail_url: request.failUrl,
        cancel_url: request.cancelUrl,
        ipn_url: request.ipnUrl,
        cus_name: request.customer.name,
        cus_email: request.customer.email,
        cus_add1: request.customer.address,
        cus_city: request.customer.city,
        cus_country: 'Bangladesh',
        cus_phone: request.customer.phone,
        shipping_method: 'NO',
        product_name: request.productName,
        product_category: 'Agricultural tools',
        product_profile: 'general',
        num_of_item: String(request.items),
      });
      const response = await fetch(`${base}/gwprocess/v4/api.php`, {
        method: 'POST',
        body: form,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => ({}))) as {
        status?: string;
        GatewayPageURL?: string;
        sessionkey?: string;
        failedreason?: string;
      };
      if (!response.ok || answer.status !== 'SUCCESS' || !answer.GatewayPageURL || !answer.sessionkey)
        throw new Error(`SSLCommerz session refused: ${answer.failedreason ?? response.status}`);
      return { gatewayPageUrl: answer.GatewayPageURL, sessionKey: answer.sessionkey };
    },

    /** Asks the gateway itself about a payment: the only proof that counts. */
    async validate(valId: string): Promise<Validation> {
      const query = new URLSearchParams({
        val_id: valId,
        store_id: config.storeId,
        store_passwd: config.storePassword,
        format: 'json',
      });
      const response = await fetch(`${base}/validator/api/validationserverAPI.php?${query}`, {
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`SSLCommerz validation answered ${response.status}`);
      return (await response.json()) as Validation;
    },
  };
}
export type SslcommerzClient = ReturnType<typeof createSslcommerzClient>;

/**
 * The IPN's own signature: md5 over the fields named in `verify_key` (sorted, with
 * store_passwd = md5(password)). A first filter only; payment is proven by validate().
 */
export function verifySign(fields: Record<string, string>, storePassword: string): boolean {
  const keys = fields.verify_key?.split(',').filter(Boolean);
  if (!keys || !fields.verify_sign) return false;
  return fields.verify_sign === signFields(fields, keys, storePassword);
}

export function signFields(fields: Record<string, string>, keys: string[], storePassword: string): string {
  const md5 = (value: string) => createHash('md5').update(value).digest('hex');
  const data: Record<string, string> = {};
  for (const key of keys) data[key] = fields[key] ?? '';
  data.store_passwd = md5(storePassword);
  const joined = Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key]}`)
    .join('&');
  return md5(joined);
}
