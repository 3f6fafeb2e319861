# Receives Signalroom webhooks and checks each one's signature before trusting it. Python 3.9 or
# later; one dependency: `pip install standardwebhooks`.
#   WEBHOOK_SECRET=whsec_... PORT=8080 python webhook-receiver.py
import json, os
from http.server import BaseHTTPRequestHandler, HTTPServer
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

webhook = Webhook(os.environ["WEBHOOK_SECRET"])
seen = set()


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self):
        # Verify the raw body exactly as it arrived: parsing and re-serialising it would change the bytes.
        body = self.rfile.read(int(self.headers["Content-Length"]))
        try:
            event = webhook.verify(body, dict(self.headers))
        except WebhookVerificationError:
            self.send_response(400)
            self.end_headers()
            return
        # Answer at once (any 2xx); do slow work after. A retry or a resend repeats the webhook-id.
        self.send_response(204)
        self.end_headers()
        if self.headers["webhook-id"] in seen:
            return
        seen.add(self.headers["webhook-id"])
        if event["type"] == "webhook.test":
            # Sent when you press Send test event: no signal, only proof that this receiver works.
            print("webhook.test", event["data"]["message"])
            return
        signal = event["data"]["signal"]
        print(event["type"], signal["direction"], signal["asset"], signal["status"], signal.get("outcome") or "")


HTTPServer(("", int(os.environ.get("PORT", "8080"))), Receiver).serve_forever()
