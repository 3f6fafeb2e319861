// Receives Signalroom webhooks and checks each one's signature before trusting it. Node 22 or later;
// one dependency: `npm install standardwebhooks`.
//   WEBHOOK_SECRET=whsec_... PORT=8080 node webhook-receiver.mjs
import { createServer } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

const webhook = new Webhook(process.env.WEBHOOK_SECRET);
const port = Number(process.env.PORT ?? 8080);
/** Stop after this many verified webhooks (0: run for ever); the project's tests set it. */
const stopAfter = Number(process.env.STOP_AFTER ?? 0);
const seen = new Set();

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    // Verify the raw body exactly as it arrived: parsing and re-serialising it would change the bytes.
    const body = Buffer.concat(chunks).toString('utf8');
    let event;
    try {
      event = webhook.verify(body, request.headers);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      response.writeHead(400).end();
      return;
    }
    // Answer at once (any 2xx); do slow work after. A retry or a resend repeats the webhook-id.
    response.writeHead(204).end();
    const id = request.headers['webhook-id'];
    if (seen.has(id)) return;
    seen.add(id);
    if (event.type === 'webhook.test') {
      // Sent when you press Send test event: no signal, only proof that this receiver works.
      console.log(`webhook.test ${event.data.message}`);
    } else {
      const { signal } = event.data;
      console.log(
        `${event.type} ${signal.direction} ${signal.asset} ${signal.status}${signal.outcome ? ` ${signal.outcome}` : ''}`,
      );
    }
    if (stopAfter > 0 && seen.size >= stopAfter) server.close();
  });
});
server.listen(port, () => console.log(`listening on ${port}`));
