# Reads the plain signal stream with a member's API key, and picks up where it left off after a
# reconnect. Python 3.9 or later; one dependency: `pip install "websockets>=14"`.
#   SIGNALROOM_URL=https://signals.example.com SIGNALROOM_KEY=sr_... python read-stream.py
import asyncio, json, os
from websockets.asyncio.client import connect

BASE = os.environ.get("SIGNALROOM_URL", "http://127.0.0.1:3000").replace("http", "ws", 1)
HEADERS = {"Authorization": f"Bearer {os.environ['SIGNALROOM_KEY']}"}


async def main():
    last_seq = None
    while True:
        url = f"{BASE}/api/stream" + (f"?after={last_seq}" if last_seq else "")
        try:
            async with connect(url, additional_headers=HEADERS) as ws:
                async for raw in ws:
                    message = json.loads(raw)
                    last_seq = message.get("seq") or last_seq
                    if message["type"] == "signal.issued" and not message["signal"]["locked"]:
                        s = message["signal"]
                        print(s["direction"], s["asset"], s["entryPrice"])
        except Exception as error:
            # A refusal (401, 403) or a closed connection: wait, then reconnect and catch up.
            print("reconnecting:", error)
            await asyncio.sleep(2)


asyncio.run(main())
