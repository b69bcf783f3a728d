// A local stand-in for SSLCommerz's hosted checkout, speaking the endpoints the shop uses
// (https://developer.sslcommerz.com/doc/v4/): the session API, a hosted page with Pay / Fail /
// Cancel buttons, the IPN to the shop and the validation API. Started by Playwright and by
// `npm run dev` (never in production); API tests start it in-process.
//
// On demand (POST /__sim/ipn, JSON { tranId, kind }) it also sends the notices a real
// gateway or an attacker may send: a duplicate, a late one, a forged one (a validation id the
// gateway never issued) and one for a payment of the wrong amount.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SimulatorOptions {
  port?: number;
  host?: string;
  storeId: string;
  storePassword: string;
}

interface Session {
  key: string;
  tranId: string;
  amount: string;
  currency: string;
  successUrl: string;
  failUrl: string;
  cancelUrl: string;
  ipnUrl: string;
  productName: string;
  state: 'open' | 'paid' | 'failed' | 'cancelled';
  valId?: string;
}

interface Payment {
  valId: string;
  tranId: string;
  amount: string;
  currency: string;
  validated: boolean;
}

export type IpnKind = 'duplicate' | 'late' | 'forged' | 'wrong-amount';

const md5 = (value: string) => createHash('md5').update(value).digest('hex');

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.25rem}button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem .3rem 0 0;border-radius:.4rem;border:1px solid #9ca3af;cursor:pointer}
.pay{background:#15803d;color:#fff;border-color:#15803d}.box{border:1px solid #e5e7eb;border-radius:.5rem;padding:1rem}</style></head>
<body>${body}</body></html>`;
}

/** The fields a real gateway posts (IPN and browser returns), signed as it signs them. */
function signedFields(fields: Record<string, string>, storePassword: string): Record<string, string> {
  const keys = Object.keys(fields).sort();
  const data: Record<string, string> = { ...fields, store_passwd: md5(storePassword) };
  const joined = Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key]}`)
    .join('&');
  return { ...fields, verify_key: keys.join(','), verify_sign: md5(joined) };
}

export async function startSslcommerzSimulator(options: SimulatorOptions) {
  const sessions = new Map<string, Session>();
  const byTran = new Map<string, Session>();
  const payments = new Map<string, Payment>();
  let baseUrl = '';
  /** Every IPN sent, for tests: the shop's answer status and body. */
  const ipnLog: Array<{ tranId: string; kind: string; status: number; body: string }> = [];

  const paymentFields = (session: Session, payment: Payment, status = 'VALID') => ({
    status,
    tran_id: session.tranId,
    val_id: payment.valId,
    amount: payment.amount,
    currency: 'BDT',
    currency_type: payment.currency,
    currency_amount: payment.amount,
    store_amount: payment.amount,
    card_type: 'BKASH-BKash',
    tran_date: new Date().toISOString().replace('T', ' ').slice(0, 19),
    bank_tran_id: `SIM${randomBytes(6).toString('hex')}`,
  });

  async function sendIpn(session: Session, fields: Record<string, string>, kind: string, sign = true) {
    const body = new URLSearchParams(sign ? signedFields(fields, options.storePassword) : fields);
    try {
      const response = await fetch(session.ipnUrl, { method: 'POST', body });
      ipnLog.push({ tranId: session.tranId, kind, status: response.status, body: await response.text() });
    } catch (error) {
      ipnLog.push({ tranId: session.tranId, kind, status: 0, body: String(error) });
    }
  }

  function newPayment(session: Session, amount = session.amount): Payment {
    const payment: Payment = {
      valId: `SIMVAL${randomBytes(8).toString('hex')}`,
      tranId: session.tranId,
      amount,
      currency: session.currency,
      validated: false,
    };
    payments.set(payment.valId, payment);
    return payment;
  }

  /** The page that sends the buyer's browser back to the shop with the gateway's fields. */
  function returnPage(target: string, fields: Record<string, string>, label: string) {
    const inputs = Object.entries(fields)
      .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`)
      .join('');
    return page(
      'Returning to the shop',
      `<form id="back" method="post" action="${escapeHtml(target)}">${inputs}<p>${escapeHtml(label)}</p>
<button type="submit">Return to the shop</button></form><script>document.getElementById('back').submit()</script>`,
    );
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', baseUrl);
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
    const json = (status: number, value: unknown) => send(status, 'application/json', JSON.stringify(value));
    const html = (body: string, status = 200) => send(status, 'text/html; charset=utf-8', body);

    if (request.method === 'POST' && url.pathname === '/gwprocess/v4/api.php') {
      const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
      if (form.store_id !== options.storeId || form.store_passwd !== options.storePassword)
        return json(200, { status: 'FAILED', failedreason: 'Store Credential Error Or Store is De-active' });
      for (const field of ['total_amount', 'currency', 'tran_id', 'success_url', 'fail_url', 'cancel_url'])
        if (!form[field])
          return json(200, { status: 'FAILED', failedreason: `Invalid Information: ${field}` });
      const key = randomBytes(16).toString('hex').toUpperCase();
      const session: Session = {
        key,
        tranId: form.tran_id!,
        amount: Number(form.total_amount).toFixed(2),
        currency: form.currency!,
        successUrl: form.success_url!,
        failUrl: form.fail_url!,
        cancelUrl: form.cancel_url!,
        ipnUrl: form.ipn_url ?? '',
        productName: form.product_name ?? '',
        state: 'open',
      };
      sessions.set(key, session);
      byTran.set(session.tranId, session);
      return json(200, {
        status: 'SUCCESS',
        sessionkey: key,
        GatewayPageURL: `${baseUrl}/EasyCheckOut/${key}`,
        redirectGatewayURL: `${baseUrl}/EasyCheckOut/${key}`,
      });
    }

    const hosted = /^\/EasyCheckOut\/([0-9A-F]+)(?:\/(pay|fail|cancel))?$/.exec(url.pathname);
    if (hosted) {
      const session = sessions.get(hosted[1]!);
      if (!session) return html(page('Session expired', '<h1>This payment session does not exist</h1>'), 404);
      const action = hosted[2];
      if (!action && request.method === 'GET') {
        return html(
          page(
            'SSLCommerz simulator',
            `<h1>SSLCommerz (simulator)</h1><div class="box"><p>Pay <strong data-testid="amount">${escapeHtml(session.amount)} ${escapeHtml(session.currency)}</strong></p>
<p>${escapeHtml(session.productName)}</p><p>Transaction ${escapeHtml(session.tranId)}</p>
<form method="post" action="/EasyCheckOut/${session.key}/pay" style="display:inline"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="/EasyCheckOut/${session.key}/fail" style="display:inline"><button type="submit">Fail</button></form>
<form method="post" action="/EasyCheckOut/${session.key}/cancel" style="display:inline"><button type="submit">Cancel</button></form></div>`,
          ),
        );
      }
      if (request.method !== 'POST') return html(page('Not allowed', '<h1>Not allowed</h1>'), 405);
      await readBody(request);
      if (session.state !== 'open')
        return html(page('Done', '<h1>This payment is already finished</h1>'), 409);
      if (action === 'pay') {
        const payment = newPayment(session);
        session.state = 'paid';
        session.valId = payment.valId;
        const fields = paymentFields(session, payment);
        // The real gateway notifies the merchant's server, then sends the browser back.
        if (session.ipnUrl) await sendIpn(session, fields, 'first');
        return html(
          returnPage(session.successUrl, signedFields(fields, options.storePassword), 'Payment successful'),
        );
      }
      session.state = action === 'fail' ? 'failed' : 'cancelled';
      const fields = {
        status: action === 'fail' ? 'FAILED' : 'CANCELLED',
        tran_id: session.tranId,
        error: '',
      };
      return html(
        returnPage(
          action === 'fail' ? session.failUrl : session.cancelUrl,
          fields,
          `Payment ${session.state}`,
        ),
      );
    }

    if (request.method === 'GET' && url.pathname === '/validator/api/validationserverAPI.php') {
      const q = url.searchParams;
      if (q.get('store_id') !== options.storeId || q.get('store_passwd') !== options.storePassword)
        return json(200, { status: 'INVALID_TRANSACTION', error: 'Store credential error' });
      const payment = payments.get(q.get('val_id') ?? '');
      if (!payment) return json(200, { status: 'INVALID_TRANSACTION' });
      const session = byTran.get(payment.tranId)!;
      const status = payment.validated ? 'VALIDATED' : 'VALID';
      payment.validated = true;
      return json(200, { ...paymentFields(session, payment, status), risk_level: '0', risk_title: 'Safe' });
    }

    if (request.method === 'POST' && url.pathname === '/__sim/ipn') {
      const { tranId, kind } = JSON.parse(await readBody(request)) as { tranId: string; kind: IpnKind };
      const result = await simulateIpn(tranId, kind);
      return json(result ? 200 : 404, result ?? { error: 'unknown transaction' });
    }
    if (request.method === 'GET' && url.pathname === '/__sim/log') return json(200, ipnLog);
    return json(404, { error: 'not found' });
  }

  async function simulateIpn(tranId: string, kind: IpnKind) {
    const session = byTran.get(tranId);
    if (!session) return null;
    if (kind === 'duplicate' || kind === 'late') {
      const payment = session.valId ? payments.get(session.valId) : undefined;
      if (!payment) return null;
      await sendIpn(session, paymentFields(session, payment), kind);
    } else if (kind === 'forged') {
      // Someone who knows the transaction id posts a "VALID" notice the gateway never sent.
      const fields = {
        status: 'VALID',
        tran_id: session.tranId,
        val_id: `FORGED${randomBytes(6).toString('hex')}`,
        amount: session.amount,
        currency: 'BDT',
        currency_type: session.currency,
        currency_amount: session.amount,
        verify_key: 'amount,status,tran_id,val_id',
        verify_sign: md5('made up'),
      };
      await sendIpn(session, fields, kind, false);
    } else {
      // A real payment, but of less than the shop asked for (a tampered amount).
      const payment = newPayment(session, (Number(session.amount) - 1).toFixed(2));
      await sendIpn(session, paymentFields(session, payment), kind);
    }
    return ipnLog.at(-1)!;
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const address = server.address() as AddressInfo;
  baseUrl = `http://${options.host ?? '127.0.0.1'}:${address.port}`;
  return {
    url: baseUrl,
    ipnLog,
    simulateIpn,
    /** The session the shop opened for a transaction (tests read its hosted page address). */
    session: (tranId: string) => byTran.get(tranId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SslcommerzSimulator = Awaited<ReturnType<typeof startSslcommerzSimulator>>;

// Started as a program (Playwright, npm run dev): SSLCOMMERZ_SIM_PORT and the store credentials.
if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.env.SSLCOMMERZ_SIM_PORT ?? 3410);
  const simulator = await startSslcommerzSimulator({
    port,
    host: '127.0.0.1',
    storeId: process.env.SSLCOMMERZ_STORE_ID ?? 'agritools-sim',
    storePassword: process.env.SSLCOMMERZ_STORE_PASSWORD ?? 'agritools-sim-password',
  });
  console.log(`SSLCommerz simulator on ${simulator.url}`);
  const stop = () => void simulator.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
