# Polls the newest signals with a member's API key, sending back the last answer's ETag so an
# unchanged list costs a 304 and no body. Python 3.9 or later, standard library only.
#   SIGNALROOM_URL=https://signals.example.com SIGNALROOM_KEY=sr_... python poll-signals.py
import json, os, time, urllib.error, urllib.request

BASE = os.environ.get("SIGNALROOM_URL", "http://127.0.0.1:3000")
KEY = os.environ["SIGNALROOM_KEY"]
etag = None

while True:
    headers = {"Authorization": f"Bearer {KEY}", **({"If-None-Match": etag} if etag else {})}
    request = urllib.request.Request(f"{BASE}/api/signals?limit=10&sortOrder=desc", headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            etag = response.headers["ETag"]
            signals = json.load(response)["data"]
            print(len(signals), "signals, newest", signals[0]["id"] if signals else "none")
    except urllib.error.HTTPError as error:
        if error.code != 304:
            # Every error is the API's envelope: its message says what to do (429 carries Retry-After).
            raise SystemExit(f"{error.code}: {json.load(error)['message']}")
        print("unchanged")
    time.sleep(5)
