# Reads every signal issued since a date, newest first, a page at a time, waiting when the key's budget
# is spent. Python 3.9 or later, standard library only.
#   SIGNALROOM_URL=https://signals.example.com SIGNALROOM_KEY=sr_... SINCE=2026-12-01T00:00:00Z python page-history.py
import json, os, time, urllib.error, urllib.parse, urllib.request

BASE = os.environ.get("SIGNALROOM_URL", "http://127.0.0.1:3000")
KEY = os.environ["SIGNALROOM_KEY"]
SINCE = os.environ.get("SINCE", "2026-12-01T00:00:00Z")
signals, before = [], None

while True:
    query = {"limit": 100, "since": SINCE, **({"before": before} if before else {})}
    request = urllib.request.Request(
        f"{BASE}/api/signals?{urllib.parse.urlencode(query)}", headers={"Authorization": f"Bearer {KEY}"}
    )
    try:
        with urllib.request.urlopen(request) as response:
            answer = json.load(response)
    except urllib.error.HTTPError as error:
        if error.code != 429:
            raise SystemExit(f"{error.code}: {json.load(error)['message']}")
        # Out of budget: wait as long as the server says, then ask for the same page again.
        time.sleep(int(error.headers["Retry-After"]))
        continue
    signals.extend(answer["data"])
    # None on the last page; otherwise the cursor of the next (older) page.
    before = answer["pagination"]["nextCursor"]
    if before is None:
        break

print(len(signals), "signals since", SINCE)
